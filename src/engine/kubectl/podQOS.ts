/**
 * qos.GetPodQOS (k8s.io/kubectl/pkg/util/qos): status.qosClass when set, otherwise ComputePodQOS over the cpu
 * and memory requests/limits of all containers and init containers.
 */
import type { KObject } from '../types';
import { addQuantity, parseQuantity, type Quantity } from './quantity';

const QOS_RESOURCES = new Set(['cpu', 'memory']);

export function podQOS(pod: KObject): string {
  if (pod.status?.qosClass) return pod.status.qosClass;
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let isGuaranteed = true;
  const all = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  for (const c of all) {
    const lims: Record<string, string> = c.resources?.limits ?? {};
    // The apiserver defaults missing requests to limits (SetDefaults_Pod); do the same for raw templates.
    const reqs: Record<string, string> = { ...lims, ...(c.resources?.requests ?? {}) };
    for (const [name, value] of Object.entries(reqs)) {
      const q = parseQuantity(value);
      if (!QOS_RESOURCES.has(name) || !q || q.milli <= 0) continue;
      requests.set(name, requests.has(name) ? addQuantity(requests.get(name)!, q) : q);
    }
    const found = new Set<string>();
    for (const [name, value] of Object.entries(lims)) {
      const q = parseQuantity(value);
      if (!QOS_RESOURCES.has(name) || !q || q.milli <= 0) continue;
      found.add(name);
      limits.set(name, limits.has(name) ? addQuantity(limits.get(name)!, q) : q);
    }
    if (!(found.has('memory') && found.has('cpu'))) isGuaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (isGuaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name);
      if (!lim || lim.milli !== req.milli) {
        isGuaranteed = false;
        break;
      }
    }
  }
  return isGuaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
