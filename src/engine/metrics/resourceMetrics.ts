/**
 * The resource metrics API (metrics.k8s.io/v1beta1) as metrics-server v0.8 serves it through the aggregator:
 * PodMetrics and NodeMetrics computed from the usage model (cpuModel.ts).
 *
 * metrics-server scrapes every kubelet's `/metrics/resource` each `--metric-resolution` (15 s) and needs two scrapes
 * of a container to compute a CPU rate, so a Pod appears once its containers have run through a whole window; the
 * samples carry the last scrape's time and `window: 15s`. Scrapes are modelled at the multiples of 15 s of virtual
 * time; what a scrape sees is the state of the objects now (not drawn as messages: the kubelet's endpoint is not a
 * Kubernetes object, and drawing four scrapes every 15 s would bury the HPA's own traffic).
 */
import type { KObject } from '../types';
import { parseBytes, parseCpuMillis } from '../objects/quantity';
import { containerUsage, type ContainerUsage } from './cpuModel';

export const METRICS_API_VERSION = 'metrics.k8s.io/v1beta1';
/** metrics-server's `--metric-resolution` default. */
export const METRIC_RESOLUTION_MS = 15_000;
/** The APIService the metrics-server manifest registers. */
export const METRICS_APISERVICE = 'v1beta1.metrics.k8s.io';

/** What the aggregator can do with a metrics.k8s.io request. */
export type MetricsApiState = 'absent' | 'unavailable' | 'available';

export function metricsApiState(objects: readonly KObject[]): MetricsApiState {
  if (!objects.some((o) => o.kind === 'APIService' && o.metadata.name === METRICS_APISERVICE)) return 'absent';
  const ready = objects.some(
    (o) =>
      o.kind === 'Pod' &&
      o.metadata.namespace === 'kube-system' &&
      o.metadata.labels?.['k8s-app'] === 'metrics-server' &&
      ((o.status?.conditions ?? []) as any[]).some((c) => c.type === 'Ready' && c.status === 'True'),
  );
  return ready ? 'available' : 'unavailable';
}

/** The last scrape at or before `now`. */
export function lastScrape(now: number): number {
  return Math.floor(now / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
}

function startedBy(pod: KObject, t: number): boolean {
  const statuses = (pod.status?.containerStatuses ?? []) as any[];
  if (statuses.length === 0) return false;
  return statuses.every((s) => typeof s.state?.running?.startedAt === 'number' && s.state.running.startedAt <= t);
}

const cpuText = (m: number) => `${m}m`;
const memText = (b: number) => `${Math.floor(b / 1024)}Ki`;

/** PodMetrics for the Pods of `objects` (those with a full window of samples), in namespace/name order. */
export function podMetrics(objects: readonly KObject[], now: number): KObject[] {
  const t = lastScrape(now);
  const pods = objects.filter((o) => o.kind === 'Pod');
  const usage = containerUsage(
    pods,
    objects.filter((o) => o.kind === 'Service'),
  );
  const out: KObject[] = [];
  for (const pod of pods) {
    const u = usage.get(`${pod.metadata.namespace}/${pod.metadata.name}`);
    if (!u || !startedBy(pod, t - METRIC_RESOLUTION_MS)) continue;
    out.push({
      apiVersion: METRICS_API_VERSION,
      kind: 'PodMetrics',
      metadata: {
        name: pod.metadata.name,
        namespace: pod.metadata.namespace,
        creationTimestamp: now,
        ...(pod.metadata.labels ? { labels: { ...pod.metadata.labels } } : {}),
      },
      timestamp: t,
      window: '15s',
      containers: u.map((c: ContainerUsage) => ({
        name: c.name,
        usage: { cpu: cpuText(c.cpuMillis), memory: memText(c.memoryBytes) },
      })),
    });
  }
  return out.sort((a, b) =>
    `${a.metadata.namespace}/${a.metadata.name}` < `${b.metadata.namespace}/${b.metadata.name}` ? -1 : 1,
  );
}

/** What the node's own daemons use beside the Pods (kubelet, containerd, systemd): a kind node's usual idle load. */
function nodeOverhead(node: KObject): { cpu: number; memory: number } {
  const controlPlane = node.metadata.labels?.['node-role.kubernetes.io/control-plane'] !== undefined;
  return controlPlane ? { cpu: 120, memory: 520 * 1024 * 1024 } : { cpu: 25, memory: 180 * 1024 * 1024 };
}

/** NodeMetrics: each Ready node's overhead plus its Pods' usage. */
export function nodeMetrics(objects: readonly KObject[], now: number): KObject[] {
  const t = lastScrape(now);
  const pods = objects.filter((o) => o.kind === 'Pod');
  const usage = containerUsage(
    pods,
    objects.filter((o) => o.kind === 'Service'),
  );
  const out: KObject[] = [];
  for (const node of objects.filter((o) => o.kind === 'Node')) {
    const ready = ((node.status?.conditions ?? []) as any[]).some((c) => c.type === 'Ready' && c.status === 'True');
    if (!ready) continue;
    const sum = nodeOverhead(node);
    for (const pod of pods) {
      if (pod.spec?.nodeName !== node.metadata.name || !startedBy(pod, t - METRIC_RESOLUTION_MS)) continue;
      for (const c of usage.get(`${pod.metadata.namespace}/${pod.metadata.name}`) ?? []) {
        sum.cpu += c.cpuMillis;
        sum.memory += c.memoryBytes;
      }
    }
    out.push({
      apiVersion: METRICS_API_VERSION,
      kind: 'NodeMetrics',
      metadata: { name: node.metadata.name, creationTimestamp: now, labels: { ...node.metadata.labels } },
      timestamp: t,
      window: '15s',
      usage: { cpu: cpuText(sum.cpu), memory: memText(sum.memory) },
    });
  }
  return out;
}

/** Millicores and bytes of a metrics `usage` map. */
export function usageOf(usage: Record<string, string> | undefined): { cpu: number; memory: number } {
  return {
    cpu: usage?.cpu !== undefined ? parseCpuMillis(usage.cpu) : 0,
    memory: usage?.memory !== undefined ? parseBytes(usage.memory) : 0,
  };
}
