/**
 * The HPA's replica count for a Resource metric with a utilization target: pkg/controller/podautoscaler/
 * replica_calculator.go `GetResourceReplicas` (v1.34) with `groupPods`, `calculatePodRequests` and
 * metrics/utilization.go `GetResourceUtilizationRatio`. Pure: the Pods, their metrics and the time come in.
 */
import type { KObject } from '../../../types';
import { parseCpuMillis } from '../../../objects/quantity';

/** --horizontal-pod-autoscaler-tolerance. */
export const TOLERANCE = 0.1;
/** --horizontal-pod-autoscaler-cpu-initialization-period. */
export const CPU_INITIALIZATION_PERIOD_MS = 5 * 60_000;
/** --horizontal-pod-autoscaler-initial-readiness-delay. */
export const DELAY_OF_INITIAL_READINESS_STATUS_MS = 30_000;

export interface PodMetric {
  /** Millicores, summed over the Pod's containers. */
  value: number;
  timestamp: number;
  windowMs: number;
}

export type ReplicaResult =
  { replicas: number; utilization: number; rawUtilization: number; timestamp: number } | { error: string };

const within = (ratio: number) => 1 - TOLERANCE <= ratio && ratio <= 1 + TOLERANCE;

function readyCondition(pod: KObject): any {
  return ((pod.status?.conditions ?? []) as any[]).find((c) => c.type === 'Ready');
}

/** groupPods: ready count, and the Pods whose sample is left out (unready), missing or ignored. */
export function groupPods(pods: readonly KObject[], metrics: Map<string, PodMetric>, now: number) {
  let readyPodCount = 0;
  const unready = new Set<string>();
  const missing = new Set<string>();
  const ignored = new Set<string>();
  for (const pod of pods) {
    const name = pod.metadata.name;
    if (pod.metadata.deletionTimestamp !== undefined || pod.status?.phase === 'Failed') {
      ignored.add(name);
      continue;
    }
    if (pod.status?.phase === 'Pending') {
      unready.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      missing.add(name);
      continue;
    }
    const cond = readyCondition(pod);
    const start = pod.status?.startTime;
    let isUnready: boolean;
    if (!cond || typeof start !== 'number') isUnready = true;
    else if (start + CPU_INITIALIZATION_PERIOD_MS > now)
      // Still initialising: leave the sample out if unready, or if no whole window was collected since it became so.
      isUnready = cond.status === 'False' || metric.timestamp < (cond.lastTransitionTime ?? 0) + metric.windowMs;
    // Past initialisation: leave it out only if it is unready and has never been ready.
    else
      isUnready =
        cond.status === 'False' && start + DELAY_OF_INITIAL_READINESS_STATUS_MS > (cond.lastTransitionTime ?? 0);
    if (isUnready) {
      unready.add(name);
      continue;
    }
    readyPodCount++;
  }
  return { readyPodCount, unready, missing, ignored };
}

/** calculatePodRequests: every container (and restartable init container) must request the resource. */
export function podRequests(pods: readonly KObject[]): Map<string, number> | { error: string } {
  const out = new Map<string, number>();
  for (const pod of pods) {
    const containers = [
      ...((pod.spec?.containers ?? []) as any[]),
      ...((pod.spec?.initContainers ?? []) as any[]).filter((c) => c.restartPolicy === 'Always'),
    ];
    let sum = 0;
    for (const c of containers) {
      const req = c.resources?.requests?.cpu;
      if (req === undefined)
        return { error: `missing request for cpu in container ${c.name} of Pod ${pod.metadata.name}` };
      sum += parseCpuMillis(req);
    }
    out.set(pod.metadata.name, sum);
  }
  return out;
}

/** GetResourceUtilizationRatio. */
function utilizationRatio(
  metrics: Map<string, PodMetric>,
  requests: Map<string, number>,
  target: number,
): { ratio: number; utilization: number; raw: number } | { error: string } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let n = 0;
  for (const [name, m] of metrics) {
    const r = requests.get(name);
    if (r === undefined) continue;
    metricsTotal += m.value;
    requestsTotal += r;
    n++;
  }
  if (requestsTotal === 0) return { error: 'no metrics returned matched known pods' };
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { ratio: utilization / target, utilization, raw: Math.trunc(metricsTotal / n) };
}

export function resourceReplicas(input: {
  currentReplicas: number;
  targetUtilization: number;
  pods: readonly KObject[];
  metrics: Map<string, PodMetric>;
  timestamp: number;
  now: number;
}): ReplicaResult {
  const { currentReplicas, targetUtilization, pods, timestamp, now } = input;
  const metrics = new Map(input.metrics);
  if (pods.length === 0) return { error: 'no pods returned by selector while calculating replica count' };
  const { readyPodCount, unready, missing, ignored } = groupPods(pods, metrics, now);
  for (const n of ignored) metrics.delete(n);
  for (const n of unready) metrics.delete(n);
  if (metrics.size === 0) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const requests = podRequests(pods);
  if ('error' in requests) return requests;
  const first = utilizationRatio(metrics, requests, targetUtilization);
  if ('error' in first) return first;
  const { ratio, utilization, raw } = first;
  const done = (replicas: number) => ({ replicas, utilization, rawUtilization: raw, timestamp });
  const scaleUpWithUnready = unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && missing.size === 0) {
    if (within(ratio)) return done(currentReplicas);
    return done(Math.ceil(ratio * readyPodCount));
  }
  if (missing.size > 0) {
    // On a scale-down a missing Pod counts as using its whole request (or the target, above 100%); on a scale-up, 0.
    const fallback = Math.max(100, targetUtilization);
    for (const n of missing)
      if (ratio < 1)
        metrics.set(n, { value: Math.trunc(((requests.get(n) ?? 0) * fallback) / 100), timestamp, windowMs: 0 });
      else if (ratio > 1) metrics.set(n, { value: 0, timestamp, windowMs: 0 });
  }
  if (scaleUpWithUnready) for (const n of unready) metrics.set(n, { value: 0, timestamp, windowMs: 0 });
  const second = utilizationRatio(metrics, requests, targetUtilization);
  if ('error' in second) return second;
  const next = second.ratio;
  if (within(next) || (ratio < 1 && next > 1) || (ratio > 1 && next < 1)) return done(currentReplicas);
  const replicas = Math.ceil(next * metrics.size);
  if ((next < 1 && replicas > currentReplicas) || (next > 1 && replicas < currentReplicas))
    return done(currentReplicas);
  return done(replicas);
}
