/**
 * `kubectl describe quota` and `kubectl describe limits`, and the sections `kubectl describe namespace` prints for
 * them (k8s.io/kubectl/pkg/describe describe.go: describeQuota, describeLimitRange, DescribeResourceQuotas,
 * DescribeLimitRanges, describeLimitRangeSpec).
 */
import { formatQuantity, parseQuantity } from '../objects/quantity';
import type { KObject } from '../types';
import { resourceQuotaQuantity } from './policyColumns';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';

const SCOPE_HELP: Record<string, string> = {
  Terminating:
    'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating:
    'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort:
    'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort:
    'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

/** describeQuota prints `used` in the format of `hard` when they differ (resource.NewQuantity(used.Value(), …)). */
function usedInHardFormat(used: unknown, hard: unknown): string {
  try {
    const u = parseQuantity(used as string);
    const h = parseQuantity(hard as string);
    return u.format === h.format ? resourceQuotaQuantity(used) : formatQuantity(Math.ceil(u.value), h.format);
  } catch {
    return resourceQuotaQuantity(used);
  }
}

const sortedScopes = (rq: KObject): string[] => [...(rq.spec?.scopes ?? [])].sort();

export function describeResourceQuota(rq: KObject): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${rq.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${rq.metadata.namespace ?? ''}\n`);
  const scopes = sortedScopes(rq);
  if (scopes.length) {
    w.write(LEVEL_0, `Scopes:\t${scopes.join(', ')}\n`);
    for (const s of scopes) if (SCOPE_HELP[s]) w.write(LEVEL_0, ` * ${SCOPE_HELP[s]}\n`);
  }
  w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
  w.write(LEVEL_0, '--------\t----\t----\n');
  const hard: Record<string, unknown> = rq.status?.hard ?? {};
  for (const name of Object.keys(hard).sort())
    w.write(
      LEVEL_0,
      `${name}\t${usedInHardFormat(rq.status?.used?.[name], hard[name])}\t${resourceQuotaQuantity(hard[name])}\n`,
    );
  return w.render();
}

/** DescribeResourceQuotas: the namespace's quotas, by name. */
export function describeResourceQuotas(w: PrefixWriter, quotas: KObject[]): void {
  if (!quotas.length) return void w.write(LEVEL_0, 'No resource quota.\n');
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of [...quotas].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
    w.write(LEVEL_1, `Name:\t${q.metadata.name}\n`);
    const scopes = sortedScopes(q);
    if (scopes.length) {
      w.write(LEVEL_1, `Scopes:\t${scopes.join(', ')}\n`);
      for (const s of scopes) if (SCOPE_HELP[s]) w.write(LEVEL_1, `* ${SCOPE_HELP[s]}\n`);
    }
    w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_1, '--------\t---\t---\n');
    const hard: Record<string, unknown> = q.status?.hard ?? {};
    for (const name of Object.keys(hard).sort())
      w.write(
        LEVEL_1,
        `${name}\t${resourceQuotaQuantity(q.status?.used?.[name])}\t${resourceQuotaQuantity(hard[name])}\n`,
      );
  }
}

/**
 * describeLimitRangeSpec: one row per item and resource. Go ranges over a map of the resource names (a random
 * order); these rows keep the order the names first appear in max, min, default, defaultRequest, ratio.
 */
function describeLimitRangeSpec(w: PrefixWriter, lr: KObject, prefix: string): void {
  for (const item of lr.spec?.limits ?? []) {
    const lists = [item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio].map(
      (l) => (l ?? {}) as Record<string, unknown>,
    );
    const names = [...new Set(lists.flatMap((l) => Object.keys(l)))];
    const cell = (l: Record<string, unknown>, k: string) => (l[k] === undefined ? '-' : resourceQuotaQuantity(l[k]));
    const [max, min, def, defReq, ratio] = lists as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    for (const k of names)
      w.write(
        LEVEL_0,
        `${prefix}${item.type}\t${k}\t${cell(min, k)}\t${cell(max, k)}\t${cell(defReq, k)}\t${cell(def, k)}\t${cell(ratio, k)}\n`,
      );
  }
}

export function describeLimitRange(lr: KObject): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${lr.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${lr.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  describeLimitRangeSpec(w, lr, '');
  return w.render();
}

/** DescribeLimitRanges: every LimitRange of the namespace in one table. */
export function describeLimitRanges(w: PrefixWriter, limitRanges: KObject[]): void {
  if (!limitRanges.length) return void w.write(LEVEL_0, 'No LimitRange resource.\n');
  w.write(
    LEVEL_0,
    'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n',
  );
  w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of limitRanges) describeLimitRangeSpec(w, lr, ' ');
}
