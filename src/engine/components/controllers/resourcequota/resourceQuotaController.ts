/**
 * The resource-quota controller (pkg/controller/resourcequota/resource_quota_controller.go syncResourceQuota, and
 * resource_quota_monitor.go for replenishment): keeps each ResourceQuota's status.hard equal to spec.hard and
 * recounts status.used from its informers with the same evaluators as the admission plugin.
 * - A quota is synced when it is added and when its spec.hard changes (its own status writes do not queue it).
 * - Replenishment: a deleted Pod, Service or PVC, a Pod that stops counting (terminal, or stuck terminating), a
 *   Service whose type changes and a PVC whose storage request changes queue every quota of the namespace that
 *   tracks that kind. The real quota monitor watches every quotable kind; Podyssey draws these three, and counts
 *   other kinds (`count/deployments.apps`…) from the informers kube-controller-manager already runs, at each sync
 *   and at the 5-minute full resync (--resource-quota-sync-period).
 * Adding an object needs no replenishment: the admission plugin charged it already.
 */
import { defineController } from '../../../client/defineController';
import {
  addUsage,
  formatUsage,
  matchingResources,
  parseUsage,
  podCountsForQuota,
  quotaScopesMatch,
  usageOf,
  type Usage,
} from '../../../objects/quotaEvaluators';
import { STORED_RESOURCES } from '../../../objects/resources';
import type { KObject } from '../../../types';
import { cacheKey } from '../objectKeys';

/** --resource-quota-sync-period. */
const QUOTA_RESYNC_MS = 5 * 60_000;

const REPLENISHED = new Set(['Pod', 'Service', 'PersistentVolumeClaim']);

const sameList = (a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean => {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => String(a![k]) === String(b?.[k]));
};

/** The resource_quota_monitor's update filters (pkg/quota/v1/install/update_filter.go). */
function releasesQuota(obj: KObject, old: KObject | undefined, now: number): boolean {
  if (!old) return false;
  if (obj.kind === 'Pod') return podCountsForQuota(old, now) && !podCountsForQuota(obj, now);
  if (obj.kind === 'Service') return (old.spec?.type ?? 'ClusterIP') !== (obj.spec?.type ?? 'ClusterIP');
  if (obj.kind === 'PersistentVolumeClaim')
    return old.spec?.resources?.requests?.storage !== obj.spec?.resources?.requests?.storage;
  return false;
}

export const resourceQuotaController = defineController<Record<string, never>>({
  name: 'resourcequota',
  eventSource: 'resource-quota-controller',
  watches: ['ResourceQuota', 'Pod', 'Service', 'PersistentVolumeClaim'],
  initialState: () => ({}),
  keysFor(ev, { kcm }) {
    const o = ev.object;
    if (o.kind === 'ResourceQuota') {
      if (ev.type === 'ADDED' || (ev.type === 'MODIFIED' && !sameList(o.spec?.hard, ev.old?.spec?.hard)))
        return [cacheKey(o.metadata.namespace, o.metadata.name)];
      return [];
    }
    if (!REPLENISHED.has(o.kind)) return [];
    if (ev.type === 'ADDED') return [];
    // Updates are filtered on phase changes; a Pod stuck terminating past its grace period is caught by the resync.
    if (ev.type === 'MODIFIED' && !releasesQuota(o, ev.old, -Infinity)) return [];
    const ns = o.metadata.namespace;
    return kcm
      .list('ResourceQuota')
      .filter((q) => q.metadata.namespace === ns && matchingResources(o.kind, Object.keys(q.status?.hard ?? {})).length)
      .map((q) => cacheKey(ns, q.metadata.name));
  },
  reconcile(ctx) {
    const [ns, name] = ctx.key.split('/') as [string, string];
    const rq = ctx.kcm.get('ResourceQuota', ns, name);
    if (!rq || rq.metadata.deletionTimestamp !== undefined) return;
    const hard: Record<string, string> = rq.spec?.hard ?? {};
    const names = Object.keys(hard);
    // What kube-controller-manager's informers hold now (the quota monitor's listers).
    const watched = new Set<string>();
    for (const c of ctx.kcm.controllers)
      if (c.watches !== '*') for (const w of c.watches) watched.add(typeof w === 'string' ? w : w.kind);
    // quota.CalculateUsage: every evaluator tracking a hard resource recounts it from zero; others keep their value.
    let used: Usage = {};
    for (const [k, v] of Object.entries(parseUsage(rq.status?.used))) if (k in hard) used[k] = v;
    for (const info of STORED_RESOURCES) {
      const tracked = matchingResources(info.kind, names);
      if (!tracked.length || !info.namespaced || !watched.has(info.kind)) continue;
      let sum: Usage = {};
      for (const r of tracked) sum[r] = { value: 0, format: 'DecimalSI' };
      for (const o of ctx.kcm.list(info.kind))
        if (o.metadata.namespace === ns && quotaScopesMatch(rq, o)) sum = addUsage(sum, usageOf(o, ctx.sim.now));
      for (const r of tracked) used[r] = sum[r]!;
    }
    used = Object.fromEntries(names.filter((k) => used[k]).map((k) => [k, used[k]!]));
    const status = { hard: { ...hard }, used: formatUsage(used) };
    const dirty = !sameList(rq.status?.hard, status.hard) || !rq.status?.used || !sameList(rq.status.used, status.used);
    if (dirty) {
      const text = Object.keys(status.hard)
        .sort()
        .map((k) => `${k} ${status.used[k] ?? '0'}/${status.hard[k]}`)
        .join(', ');
      ctx.request(
        {
          verb: 'update',
          resourceKind: 'ResourceQuota',
          namespace: ns,
          name,
          subresource: 'status',
          body: { ...rq, status },
        },
        {},
        {
          phase: 'status',
          summary: `Resource-quota controller: ResourceQuota ${name} status ${text}`,
          narration: { key: 'resourcequota.status', params: { quota: name, usage: text } },
        },
      );
    }
    return { requeueAfter: QUOTA_RESYNC_MS, background: true };
  },
});
