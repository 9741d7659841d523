/**
 * One row per Node as `kubectl describe node` would summarise it: allocatable vs the requests of the pods bound
 * there, labels, taints, conditions, and how old the node's Lease is (the node lifecycle controller marks a node
 * NotReady when it goes stale for the grace period).
 */
import type { WorldState } from '../engine/api';
import type { KObject } from '../engine/types';
import { parseBytes, parseCpuMillis } from '../engine/objects/quantity';

export interface NodeSummary {
  name: string;
  ready: 'True' | 'False' | 'Unknown';
  unschedulable: boolean;
  cpu: { requested: number; allocatable: number };
  memory: { requested: number; allocatable: number };
  pods: { requested: number; allocatable: number };
  labels: Array<[string, string]>;
  taints: string[];
  conditions: Array<{ type: string; status: string; reason?: string }>;
  /** ms since the Lease was last renewed, or undefined when there is no Lease. */
  leaseAgeMs?: number;
}

type Resources = Record<string, string> | undefined;

const safe = (f: (q: string) => number, q: string | undefined) => {
  if (q === undefined) return 0;
  try {
    return f(q);
  } catch {
    return 0;
  }
};

/** Effective requests: the sum over containers, or the largest init container if that is bigger (as the scheduler). */
function podRequest(pod: KObject, resource: 'cpu' | 'memory'): number {
  const parse = resource === 'cpu' ? parseCpuMillis : parseBytes;
  const of = (cs: Array<{ resources?: { requests?: Resources } }> | undefined) =>
    (cs ?? []).map((c) => safe(parse, c.resources?.requests?.[resource]));
  const main = of(pod.spec?.containers).reduce((a, b) => a + b, 0);
  return Math.max(main, ...of(pod.spec?.initContainers));
}

export function nodeSummaries(world: WorldState): NodeSummary[] {
  const objects = [...world.etcd.values()];
  const pods = objects.filter(
    (o) => o.kind === 'Pod' && o.spec?.nodeName && o.status?.phase !== 'Succeeded' && o.status?.phase !== 'Failed',
  );
  return objects
    .filter((o) => o.kind === 'Node')
    .map((node) => {
      const name = node.metadata.name;
      const here = pods.filter((p) => p.spec.nodeName === name);
      const alloc: Resources = node.status?.allocatable ?? node.status?.capacity;
      const conditions: NodeSummary['conditions'] = (node.status?.conditions ?? []).map(
        (c: { type: string; status: string; reason?: string }) => ({
          type: c.type,
          status: c.status,
          reason: c.reason,
        }),
      );
      const ready = conditions.find((c) => c.type === 'Ready')?.status ?? 'Unknown';
      const lease = world.etcd.get(`/registry/leases/kube-node-lease/${name}`);
      const renew = lease?.spec?.renewTime;
      return {
        name,
        ready: ready === 'True' || ready === 'False' ? ready : 'Unknown',
        unschedulable: !!node.spec?.unschedulable,
        cpu: {
          requested: here.reduce((a, p) => a + podRequest(p, 'cpu'), 0),
          allocatable: safe(parseCpuMillis, alloc?.cpu),
        },
        memory: {
          requested: here.reduce((a, p) => a + podRequest(p, 'memory'), 0),
          allocatable: safe(parseBytes, alloc?.memory),
        },
        pods: { requested: here.length, allocatable: safe(parseBytes, alloc?.pods) },
        labels: Object.entries((node.metadata.labels ?? {}) as Record<string, string>),
        taints: ((node.spec?.taints ?? []) as Array<{ key: string; value?: string; effect: string }>).map(
          (t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`,
        ),
        conditions,
        leaseAgeMs: typeof renew === 'number' ? Math.max(0, world.time - renew) : undefined,
      } satisfies NodeSummary;
    });
}

/** `250m`, `1.5` cores → `1500m`; memory as Mi. */
export function formatMillicores(m: number): string {
  return `${m}m`;
}

export function formatMiB(bytes: number): string {
  return `${Math.round(bytes / 1048576)}Mi`;
}

/** What a node tile flags about its Node (the lane-free layout for large clusters has no room for a full card). */
export interface NodeFlags {
  ready: NodeSummary['ready'];
  /** Cordoned: `kubectl get nodes` prints `SchedulingDisabled`. */
  unschedulable: boolean;
  /** Taints other than the ones the flags above and the control-plane mark already say. */
  taints: string[];
}

/** Taints that restate the role or the conditions (the node lifecycle controller adds the last three itself). */
const IMPLIED_TAINTS = new Set([
  'node-role.kubernetes.io/control-plane',
  'node.kubernetes.io/unschedulable',
  'node.kubernetes.io/not-ready',
  'node.kubernetes.io/unreachable',
]);

/** Per node name, Nodes not registered yet left out; cheap enough for every step (one read per node, no Pod scan). */
export function nodeFlags(world: Pick<WorldState, 'etcd'>, names: readonly string[]): Record<string, NodeFlags> {
  const out: Record<string, NodeFlags> = {};
  for (const name of names) {
    const node = world.etcd.get(`/registry/minions/${name}`);
    if (!node) continue;
    const ready = (node.status?.conditions as Array<{ type: string; status: string }> | undefined)?.find(
      (c) => c.type === 'Ready',
    )?.status;
    out[name] = {
      ready: ready === 'True' || ready === 'False' ? ready : 'Unknown',
      unschedulable: !!node.spec?.unschedulable,
      taints: ((node.spec?.taints ?? []) as Array<{ key: string; value?: string; effect: string }>)
        .filter((t) => !IMPLIED_TAINTS.has(t.key))
        .map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`),
    };
  }
  return out;
}
