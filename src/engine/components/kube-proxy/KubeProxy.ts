/**
 * kube-proxy (iptables mode) on one node: watches Services and EndpointSlices, and rewrites the node's NAT rules
 * with iptables-restore, at most once per --iptables-min-sync-period (1 s). Only ready endpoints get DNAT rules;
 * a Service with none gets a REJECT rule. Every node programs every Service.
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { Message } from '../../messages';
import type { Endpoint, KObject } from '../../types';
import { buildNatRules } from './iptablesRules';

const MIN_SYNC_PERIOD_MS = 1_000;
const CLUSTER_CIDR = '10.244.0.0/16';

interface KubeProxyState {
  services: Map<string, KObject>;
  slices: Map<string, KObject>;
  lastSync: number;
  syncScheduled: boolean;
  rules: string[];
}

export class KubeProxy implements Component<KubeProxyState> {
  readonly address: Endpoint;
  s: KubeProxyState = { services: new Map(), slices: new Map(), lastSync: -Infinity, syncScheduled: false, rules: [] };

  constructor(readonly node: string) {
    this.address = { component: 'kube-proxy', node };
  }

  prime(objects: KObject[], sim: Simulation): void {
    for (const o of objects) this.put(o);
    // Frozen: the rules are replaced, never edited, so checkpoints (and the recorded history) share them.
    this.s.rules = Object.freeze(this.compute().nat) as string[];
    sim.writeRuntime(`node/${this.node}/iptables`, this.s.rules);
  }

  hasPendingWork(): boolean {
    return this.s.syncScheduled;
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'watch') {
      const o = msg.object;
      if (msg.type === 'DELETED') (o.kind === 'Service' ? this.s.services : this.s.slices).delete(key(o));
      else this.put(o);
      this.requestSync(sim);
    } else if (msg.kind === 'timer' && msg.name === 'sync') {
      this.s.syncScheduled = false;
      this.sync(sim);
    }
  }

  /** After a restart kube-proxy re-lists and does a full sync. */
  restart(sim: Simulation): void {
    this.s.services.clear();
    this.s.slices.clear();
    for (const o of [...sim.store.list('/registry/services/specs/'), ...sim.store.list('/registry/endpointslices/')])
      this.put(o);
    this.s.lastSync = -Infinity;
    this.requestSync(sim);
  }

  private put(o: KObject): void {
    (o.kind === 'Service' ? this.s.services : this.s.slices).set(key(o), o);
  }

  private requestSync(sim: Simulation): void {
    if (this.s.syncScheduled) return;
    this.s.syncScheduled = true;
    const wait = Math.max(0, this.s.lastSync + MIN_SYNC_PERIOD_MS - sim.now);
    sim.timer(this.address, wait + sim.latency(this.address).between(1, 5), 'sync');
  }

  private compute() {
    return buildNatRules({
      services: [...this.s.services.values()],
      endpointSlices: [...this.s.slices.values()],
      clusterCIDR: CLUSTER_CIDR,
      nodeName: this.node,
    });
  }

  private sync(sim: Simulation): void {
    this.s.lastSync = sim.now;
    const out = this.compute();
    const rules = [...out.nat, ...out.filter];
    const changed = rules.join('\n') !== this.s.rules.join('\n');
    // Frozen once counted (filter on a frozen array is a slow path in V8 11): replaced, never edited.
    this.s.rules = rules;
    if (!changed) {
      Object.freeze(rules);
      return;
    }
    sim.writeRuntime(`node/${this.node}/iptables`, rules);
    const svcChains = rules.filter((r) => r.startsWith('-A KUBE-SERVICES') && r.includes('KUBE-SVC-')).length;
    const seps = new Set(rules.filter((r) => r.startsWith('-A KUBE-SEP-')).map((r) => r.split(' ')[1])).size;
    const rejects = rules.filter((r) => r.includes('-j REJECT')).length;
    Object.freeze(rules);
    sim.decide(this.address, {
      phase: 'network',
      verb: 'iptables-restore',
      label: `iptables-restore (${seps} endpoints)`,
      summary: `kube-proxy on ${this.node} rewrote its NAT rules: ${svcChains} service port(s), ${seps} ready endpoint(s)${rejects ? `, ${rejects} REJECT rule(s) for services without endpoints` : ''}`,
      narration: { key: 'kubeproxy.sync', params: { node: this.node, services: svcChains, endpoints: seps, rejects } },
      detail: { type: 'iptables', node: this.node, rules },
    });
  }
}

function key(o: KObject): string {
  return `${o.metadata.namespace}/${o.metadata.name}`;
}
