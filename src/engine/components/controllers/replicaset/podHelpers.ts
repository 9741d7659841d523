/** Pod predicates shared by controllers (pkg/api/v1/pod/util.go, pkg/controller/controller_utils.go). */
import type { KObject } from '../../../types';

export function isPodReady(p: KObject): boolean {
  return !!p.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True');
}

/** Ready for at least minReadySeconds (IsPodAvailable). */
export function isPodAvailable(p: KObject, minReadySeconds: number, now: number): boolean {
  const c = p.status?.conditions?.find((x: any) => x.type === 'Ready' && x.status === 'True');
  if (!c) return false;
  return minReadySeconds === 0 || now - (c.lastTransitionTime ?? 0) >= minReadySeconds * 1000;
}

/** FilterActivePods: not terminal and not being deleted. */
export function isPodActive(p: KObject): boolean {
  const phase = p.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && p.metadata.deletionTimestamp === undefined;
}

export function selectorMatches(selector: any, labels: Record<string, string> | undefined): boolean {
  if (!selector) return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (l[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in l;
    const val = l[e.key];
    switch (e.operator) {
      case 'In':
        if (!has || !(e.values ?? []).includes(val)) return false;
        break;
      case 'NotIn':
        if (has && (e.values ?? []).includes(val)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
    }
  }
  return true;
}

/** Ranking for scale-down (ActivePodsWithRanks): the first pods in the result are deleted first. */
export function podsToDelete(pods: KObject[], n: number): KObject[] {
  const phaseRank = (p: KObject) => ({ Pending: 0, Unknown: 1, Running: 2 })[p.status?.phase as string] ?? 3;
  const restarts = (p: KObject) =>
    (p.status?.containerStatuses ?? []).reduce((s: number, c: any) => s + (c.restartCount ?? 0), 0);
  return [...pods]
    .sort((a, b) => {
      const aa = a.spec.nodeName ? 1 : 0;
      const bb = b.spec.nodeName ? 1 : 0;
      if (aa !== bb) return aa - bb;
      if (phaseRank(a) !== phaseRank(b)) return phaseRank(a) - phaseRank(b);
      const ra = isPodReady(a) ? 1 : 0;
      const rb = isPodReady(b) ? 1 : 0;
      if (ra !== rb) return ra - rb;
      if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
      return (b.metadata.creationTimestamp ?? 0) - (a.metadata.creationTimestamp ?? 0);
    })
    .slice(0, n);
}
