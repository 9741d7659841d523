/**
 * The node's CNI plugin chain as kind installs it (kindnet: ptp + host-local IPAM). containerd calls ADD inside
 * RunPodSandbox; host-local hands out addresses of the node's podCIDR round-robin (.1 is the gateway) and DEL
 * releases one.
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { Message } from '../../messages';
import type { Endpoint } from '../../types';
import { TIMINGS } from '../kubelet/timings';

interface CniState {
  /** Allocated host octet → pod uid. */
  allocated: Map<number, string>;
  /** host-local's `last_reserved_ip.0` file: the host octet of the last address handed out. */
  lastReserved?: number;
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
    const host = Number(ip.split('.')[3]);
    this.s.allocated.set(host, uid);
    this.s.lastReserved = host;
  }

  /**
   * host-local's round-robin (containernetworking/plugins plugins/ipam/host-local/backend/allocator/allocator.go
   * GetIter + RangeIter.Next): start after the last reserved address, wrap from .254 to the range start, skip the
   * gateway (.1) and every address in use. A just-freed address is thus not handed out again until the whole range
   * has been walked. Undefined when the /24 is full.
   */
  private nextFree(): number | undefined {
    // With no last reserved address the walk starts at the range start, .1, which is the gateway.
    let host = this.s.lastReserved ?? 1;
    for (let tried = 0; tried < 254; tried++) {
      host = host >= 254 ? 1 : host + 1;
      if (host !== 1 && !this.s.allocated.has(host)) return host;
    }
    return undefined;
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind !== 'cni') return;
    const prefix = this.prefix;
    if (msg.command === 'ADD') {
      // A full range is not modelled: a /24 per node holds more pods than the kubelet's max-pods (110).
      const host = this.nextFree() ?? 254;
      this.s.allocated.set(host, msg.podUid);
      this.s.lastReserved = host;
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
