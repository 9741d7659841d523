/**
 * Pods per node as badges for the diagram, read from the world after a step: STATUS and READY exactly as
 * `kubectl get pods` computes them (the engine's podSummary), a colour tone, and grouping when a node holds more
 * Pods than its reserved slots (many replicas collapse into "web ×12 · Running" badges).
 */
import type { WorldState } from '../engine/api';
import { podSummary } from '../engine/kubectl/podColumns';
import type { KObject } from '../engine/types';

export type PodTone = 'pending' | 'creating' | 'running' | 'ready' | 'error' | 'terminating' | 'done';

export interface PodBadge {
  key: string;
  /** Pod name, or the group's name (the owning workload) for grouped badges. */
  name: string;
  namespace: string;
  status: string;
  ready: string;
  tone: PodTone;
  /** 1 for a single Pod. */
  count: number;
  names: string[];
}

export interface NodePods {
  badges: PodBadge[];
  /** Pods in system namespaces (kube-proxy, kindnet, CoreDNS…): counted, not drawn. */
  system: number;
  user: number;
  /** User Pods per tone: what a node tile shows instead of badges. */
  tones: Partial<Record<PodTone, number>>;
}

export interface PodsView {
  byNode: Record<string, NodePods>;
  /** User Pods without spec.nodeName: the scheduler's queue. */
  unscheduled: PodBadge[];
}

const SYSTEM_NAMESPACES = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage']);

function isSystemPod(pod: KObject): boolean {
  return SYSTEM_NAMESPACES.has(pod.metadata.namespace ?? 'default');
}

export function podTone(status: string, ready: string): PodTone {
  if (status === 'Terminating') return 'terminating';
  if (status === 'Completed' || status === 'Succeeded') return 'done';
  if (status === 'Running') {
    const [r, t] = ready.split('/').map(Number);
    return t > 0 && r === t ? 'ready' : 'running';
  }
  if (status === 'Pending' || status === 'SchedulingGated') return 'pending';
  if (status === 'ContainerCreating' || status === 'PodInitializing' || status.startsWith('Init:')) {
    return /Err|BackOff|Error/.test(status) ? 'error' : 'creating';
  }
  return 'error';
}

/** STATUS and READY do not depend on the clock (only RESTARTS' "ago" does, which badges do not show). */
function badgeOf(pod: KObject): PodBadge {
  const s = podSummary(pod, 0);
  return {
    key: pod.metadata.uid ?? pod.metadata.name,
    name: pod.metadata.name,
    namespace: pod.metadata.namespace ?? 'default',
    status: s.status,
    ready: s.ready,
    tone: podTone(s.status, s.ready),
    count: 1,
    names: [pod.metadata.name],
  };
}

/** The workload a Pod belongs to, for grouping: its ReplicaSet's name without the pod-template-hash. */
export function workloadName(pod: KObject): string {
  const owner = pod.metadata.ownerReferences?.find((o) => o.controller) ?? pod.metadata.ownerReferences?.[0];
  if (!owner) return pod.metadata.name;
  const hash = pod.metadata.labels?.['pod-template-hash'];
  if (owner.kind === 'ReplicaSet' && hash && owner.name.endsWith(`-${hash}`)) {
    return owner.name.slice(0, -hash.length - 1);
  }
  return owner.name;
}

export function groupBadges(pods: KObject[], slots: number): PodBadge[] {
  return groupSingles(
    pods,
    pods.map((p) => badgeOf(p)),
    slots,
  );
}

/** Grouping over badges already computed (podSummary is the costly part with 1,000 Pods; do it once per Pod). */
function groupSingles(pods: KObject[], singles: PodBadge[], slots: number): PodBadge[] {
  if (singles.length <= slots) return singles;
  const groups = new Map<string, PodBadge>();
  pods.forEach((p, i) => {
    const b = singles[i];
    const name = workloadName(p);
    const key = `${name}|${b.status}|${b.ready}`;
    const g = groups.get(key);
    if (g) {
      g.count++;
      g.names.push(b.name);
    } else groups.set(key, { ...b, key, name, names: [b.name] });
  });
  const list = [...groups.values()];
  if (list.length <= slots) return list;
  const kept = list.slice(0, slots - 1);
  const rest = list.slice(slots - 1);
  kept.push({
    key: 'more',
    name: '…',
    namespace: rest[0].namespace,
    status: 'mixed',
    ready: '',
    tone: rest.every((b) => b.tone === rest[0].tone) ? rest[0].tone : 'running',
    count: rest.reduce((s, b) => s + b.count, 0),
    names: rest.flatMap((b) => b.names),
  });
  return kept;
}

export function podsView(world: Pick<WorldState, 'etcd'>, nodes: readonly string[], slots: number): PodsView {
  const perNode = new Map<string, KObject[]>(nodes.map((n) => [n, []]));
  const system = new Map<string, number>();
  const unscheduled: KObject[] = [];
  for (const [key, obj] of world.etcd) {
    if (!key.startsWith('/registry/pods/')) continue;
    const node = obj.spec?.nodeName as string | undefined;
    if (isSystemPod(obj)) {
      if (node) system.set(node, (system.get(node) ?? 0) + 1);
      continue;
    }
    if (!node) unscheduled.push(obj);
    else perNode.get(node)?.push(obj);
  }
  const byName = (a: KObject, b: KObject) => (a.metadata.name < b.metadata.name ? -1 : 1);
  const byNode: Record<string, NodePods> = {};
  for (const [node, pods] of perNode) {
    pods.sort(byName);
    const singles = pods.map((p) => badgeOf(p));
    const tones: NodePods['tones'] = {};
    for (const b of singles) tones[b.tone] = (tones[b.tone] ?? 0) + 1;
    byNode[node] = {
      badges: groupSingles(pods, singles, slots),
      system: system.get(node) ?? 0,
      user: pods.length,
      tones,
    };
  }
  unscheduled.sort(byName);
  return { byNode, unscheduled: groupBadges(unscheduled, 3) };
}

/**
 * A Pod name short enough for a badge that still identifies it: `web-799b5df799-c6wsh` → `web-…-c6wsh` (the
 * workload, then the random suffix that tells replicas apart). Short names stay as they are.
 */
export function shortPodName(name: string, max = 14): string {
  if (name.length <= max) return name;
  const m = /^(.+?)-(?:[a-z0-9]{6,10}-)?([a-z0-9]{5})$/.exec(name);
  if (!m) return `${name.slice(0, max - 1)}…`;
  const short = `${m[1]}-…-${m[2]}`;
  // A long workload name gives way, never the replica suffix: cut, it would leave two Pods of one Deployment
  // looking the same (`storefront-…-…`).
  return short.length <= max ? short : `${m[1].slice(0, max - m[2].length - 2)}…-${m[2]}`;
}
