/**
 * The etcd cluster (members etcd-0..n-1). A write commits when a quorum of members (floor(n/2)+1) is up; then the
 * global revision increments. Without quorum, requests time out like `etcdserver: request timed out`.
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import { partOf } from '../../kernel/partOf';
import type { Simulation } from '../../kernel/Simulation';
import type { EtcdTxn, Message } from '../../messages';
import type { Endpoint } from '../../types';

interface EtcdState {
  members: Array<{ name: string; up: boolean }>;
  leader: number;
}

const ETCD: Endpoint = { component: 'etcd' };

/** How long the apiserver's etcd client waits before giving up on an uncommitted write. */
const ETCD_REQUEST_TIMEOUT_MS = 5_000;

export function quorum(n: number): number {
  return Math.floor(n / 2) + 1;
}

export class Etcd implements Component<EtcdState> {
  readonly address = ETCD;
  s: EtcdState;

  constructor(members: number) {
    this.s = { members: Array.from({ length: members }, (_, i) => ({ name: `etcd-${i}`, up: true })), leader: 0 };
  }

  /** partOf(ETCD, name), kept for the last member asked (the leader): every commit's reply is drawn from it. */
  private lastMember: Endpoint | undefined;

  private member(name: string): Endpoint {
    if (this.lastMember?.part !== name) this.lastMember = partOf(ETCD, name);
    return this.lastMember;
  }

  upCount(): number {
    return this.s.members.filter((m) => m.up).length;
  }

  hasQuorum(): boolean {
    return this.upCount() >= quorum(this.s.members.length);
  }

  /** Stops or starts a member; a new leader is elected among the live ones when the leader stops. */
  setMember(index: number, up: boolean): void {
    const m = this.s.members[index];
    if (!m) return;
    m.up = up;
    if (!this.s.members[this.s.leader]?.up) {
      const next = this.s.members.findIndex((x) => x.up);
      if (next >= 0 && this.hasQuorum()) this.s.leader = next;
    }
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind !== 'etcd-txn') return;
    this.commit(msg, env.from, sim);
  }

  private commit(txn: EtcdTxn, replyTo: Endpoint, sim: Simulation): void {
    const n = this.s.members.length;
    const leader = this.s.members[this.s.leader]?.name ?? 'etcd-0';
    if (!this.hasQuorum()) {
      sim.send(
        this.member(leader),
        replyTo,
        {
          kind: 'etcd-result',
          reqId: txn.reqId,
          ok: false,
          revision: sim.store.revision,
          error: 'etcdserver: request timed out',
        },
        {
          phase: 'persist',
          verb: 'ERROR',
          label: 'etcdserver: request timed out',
          summary: `etcd has ${this.upCount()}/${n} members up, below quorum ${quorum(n)}: the write cannot commit`,
          narration: { key: 'etcd.noQuorum', params: { up: this.upCount(), n, quorum: quorum(n) } },
        },
        ETCD_REQUEST_TIMEOUT_MS,
      );
      return;
    }
    const res = sim.store.txn(txn.ops);
    if (!res) {
      sim.send(
        this.member(leader),
        replyTo,
        { kind: 'etcd-result', reqId: txn.reqId, ok: false, revision: sim.store.revision, error: 'conflict' },
        {
          phase: 'persist',
          verb: 'CONFLICT',
          label: 'txn failed: mod_revision mismatch',
          summary: 'etcd rejected the transaction: the key changed since it was read (optimistic concurrency)',
          narration: { key: 'etcd.conflict' },
        },
        1,
      );
      return;
    }
    txn.ops.forEach((op, i) => sim.recordHistory(op.key, res.values[i]));
    const acks = this.upCount();
    sim.send(
      this.member(leader),
      replyTo,
      { kind: 'etcd-result', reqId: txn.reqId, ok: true, revision: res.revision, values: res.values },
      {
        phase: 'persist',
        verb: 'OK',
        label: `revision ${res.revision}`,
        summary: `Committed by ${acks}/${n} members (quorum ${quorum(n)}); revision is now ${res.revision}`,
        narration: { key: 'etcd.committed', params: { acks, n, quorum: quorum(n), revision: res.revision } },
        background: txn.background,
      },
      sim.latency(this.address).between(1, 3),
    );
  }
}
