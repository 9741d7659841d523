/**
 * The node's CNI plugin chain as kind installs it (kindnet: ptp + host-local IPAM). containerd calls ADD inside
 * RunPodSandbox; host-local hands out the next free address of the node's podCIDR, starting at .2 (.1 is the
 * gateway), and DEL releases it.
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { Message } from '../../messages';
import type { Endpoint } from '../../types';
import { TIMINGS } from '../kubelet/timings';

export interface CniState {
  /** Allocated host octet → pod uid. */
  allocated: Map<number, string>;
}

export class Cni implements Component<CniState> {
  readonly address: Endpoint;
  s: CniState = { allocated: new Map() };
  /** The podCIDR's first three octets, e.g. `10.244.1`. */
  private readonly prefix: string;
  /**
   * The IPAM list's entries by host octet, one frozen object per address and pod: every ADD and DEL records the
   * whole list, and a node's addresses mostly stay with their pods from one list to the next.
   */
  private readonly entries = new Map<number, Readonly<{ ip: string; uid: string }>>();

  constructor(
    readonly node: string,
    /** e.g. `10.244.1.0/24`. */
    readonly podCIDR: string,
  ) {
    this.address = { component: 'cni', node };
    this.prefix = podCIDR.split('.').slice(0, 3).join('.');
  }

  /** host-local's allocations, as recorded for playback: `[{ ip, uid }]` in allocation order. */
  private ipamList(): Array<Readonly<{ ip: string; uid: string }>> {
    const out: Array<Readonly<{ ip: string; uid: string }>> = [];
    this.s.allocated.forEach((uid, h) => {
      let e = this.entries.get(h);
      if (e?.uid !== uid) this.entries.set(h, (e = Object.freeze({ ip: `${this.prefix}.${h}`, uid })));
      out.push(e);
    });
    return out;
  }

  /** Marks an address as taken by a pod that existed before the run. */
  reserve(ip: string, uid: string): void {
    this.s.allocated.set(Number(ip.split('.')[3]), uid);
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind !== 'cni') return;
    const prefix = this.prefix;
    if (msg.command === 'ADD') {
      let host = 2;
      while (this.s.allocated.has(host) && host < 254) host++;
      this.s.allocated.set(host, msg.podUid);
      const ip = `${prefix}.${host}`;
      sim.writeRuntime(`node/${this.node}/ipam`, this.ipamList());
      sim.send(
        this.address,
        env.from,
        { kind: 'cni-result', reqId: msg.reqId, command: 'ADD', podUid: msg.podUid, ip },
        {
          phase: 'run',
          verb: 'ADD result',
          label: `IP ${ip}`,
          summary: `CNI ADD done: veth pair into the pod's network namespace, host-local IPAM assigned ${ip}/24 from ${this.podCIDR}`,
          narration: { key: 'cni.added', params: { ip, cidr: this.podCIDR, pod: msg.podName } },
          object: { apiVersion: 'v1', kind: 'Pod', namespace: msg.namespace, name: msg.podName, uid: msg.podUid },
        },
        sim.latency(this.address).between(...TIMINGS.cniAddMs),
      );
    } else {
      for (const [h, uid] of this.s.allocated) if (uid === msg.podUid) this.s.allocated.delete(h);
      sim.writeRuntime(`node/${this.node}/ipam`, this.ipamList());
      sim.send(
        this.address,
        env.from,
        { kind: 'cni-result', reqId: msg.reqId, command: 'DEL', podUid: msg.podUid },
        {
          phase: 'run',
          verb: 'DEL result',
          label: 'IP released',
          summary: `CNI DEL done: the pod's address is back in the pool`,
          narration: { key: 'cni.deleted', params: { pod: msg.podName } },
          object: { apiVersion: 'v1', kind: 'Pod', namespace: msg.namespace, name: msg.podName, uid: msg.podUid },
        },
        sim.latency(this.address).between(10, 40),
      );
    }
  }
}
