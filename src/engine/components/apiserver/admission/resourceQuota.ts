/**
 * The ResourceQuota admission plugin (plugin/pkg/admission/resourcequota/controller.go checkRequest, v1.34), the
 * last validating plugin. For an object created in a namespace with ResourceQuotas:
 * - a quota matches when it tracks (in status.hard) a resource the object's evaluator knows and its scopes match;
 *   a quota the controller has not filled in yet (no status.hard) matches nothing;
 * - the Pod evaluator's Constraints: `failed quota: <name>: must specify …` when cpu/memory are under quota and a
 *   container states none;
 * - `status unknown for quota: <name>, resources: …` while status.used lacks a tracked resource;
 * - used + requested > hard → `exceeded quota: <name>, requested: …, used: …, limited: …` (only the exceeded names);
 * - otherwise every matching quota's status.used grows by the request, and the apiserver writes those quotas
 *   before the object itself: the plugin charges the quota in the same request, so the next request sees the
 *   charge before the resource-quota controller has counted anything.
 * Only creates are charged here (updates of Pods, Services and PVCs can change usage too; not modelled).
 */
import type { StatusError } from '../../../messages';
import { resourceForKind } from '../../../objects/resources';
import {
  addUsage,
  exceededNames,
  formatUsage,
  maskUsage,
  matchingResources,
  parseUsage,
  podConstraintError,
  prettyPrintUsage,
  quotaMatches,
  usageOf,
} from '../../../objects/quotaEvaluators';
import type { KObject } from '../../../types';
import { admissionForbidden } from './forbidden';

type QuotaResult = { error: StatusError } | { charged: KObject[] };

/**
 * `quotas`: the namespace's ResourceQuotas as the plugin sees them (the last status the apiserver wrote for each).
 * Returns the error, or the quotas to write back with their new status.used (empty when none matched).
 */
export function admitResourceQuota(obj: KObject, quotas: KObject[], now: number): QuotaResult {
  // The quota configuration's ignored resources (pkg/quota/v1/install/registry.go): "events haven't been quota-ed
  // before", and bindings are virtual.
  if (obj.kind === 'Event') return { charged: [] };
  const info = resourceForKind(obj.kind);
  const forbidden = (reason: string) => ({
    error: admissionForbidden(info.group ? `${info.resource}.${info.group}` : info.resource, obj.metadata.name, reason),
  });
  const interesting: KObject[] = [];
  for (const rq of quotas) {
    if (!quotaMatches(rq, obj)) continue;
    const restricted = matchingResources(obj.kind, Object.keys(rq.status?.hard ?? {}));
    if (obj.kind === 'Pod') {
      const err = podConstraintError(restricted, obj);
      if (err) return forbidden(`failed quota: ${rq.metadata.name}: ${err}`);
    }
    const used = rq.status?.used ?? {};
    const unknown = restricted.filter((r) => used[r] === undefined);
    if (unknown.length)
      return forbidden(`status unknown for quota: ${rq.metadata.name}, resources: ${[...restricted].sort().join(',')}`);
    interesting.push(rq);
  }
  if (!interesting.length) return { charged: [] };
  const delta = usageOf(obj, now);
  const charged: KObject[] = [];
  for (const rq of interesting) {
    const hard = parseUsage(rq.status.hard);
    const used = parseUsage(rq.status.used);
    const requested = maskUsage(delta, Object.keys(hard));
    const newUsage = addUsage(used, requested);
    const exceeded = exceededNames(maskUsage(newUsage, Object.keys(requested)), hard);
    if (exceeded.length)
      return forbidden(
        `exceeded quota: ${rq.metadata.name}, requested: ${prettyPrintUsage(maskUsage(requested, exceeded))}, used: ${prettyPrintUsage(maskUsage(used, exceeded))}, limited: ${prettyPrintUsage(maskUsage(hard, exceeded))}`,
      );
    if (Object.keys(requested).length)
      charged.push({ ...rq, status: { ...rq.status, used: formatUsage(newUsage) } } as KObject);
  }
  return { charged };
}

/** A quota's used/hard pairs for the trace: `pods 2/2, requests.cpu 300m/1`. */
export function quotaUsedText(q: KObject): string {
  const hard: Record<string, string> = q.status?.hard ?? {};
  return Object.keys(hard)
    .sort()
    .map((k) => `${k} ${q.status?.used?.[k] ?? '0'}/${hard[k]}`)
    .join(', ');
}
