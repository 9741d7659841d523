/**
 * Tables of the policy kinds admission reads (pkg/printers/internalversion/printers.go): printPriorityClass
 * (NAME VALUE GLOBAL-DEFAULT AGE PREEMPTIONPOLICY), printLimitRange (NAME CREATED AT) and printResourceQuota
 * (NAME AGE REQUEST LIMIT: `<resource>: <used>/<hard>` for every resource in status.hard, sorted by name, the
 * `limits.*` ones in LIMIT).
 */
import type { KObject } from '../types';
import { canonicalQuantity } from '../objects/quantity';
import { createdAtColumns } from './clusterColumns';
import { ageCell, col, type TableDef } from './tableDef';

export const priorityClassColumns: TableDef = {
  columns: [col('Name'), col('Value'), col('Global-Default'), col('Age'), col('PreemptionPolicy')],
  row(pc, ctx) {
    return [pc.metadata.name, pc.value ?? 0, pc.globalDefault === true, ageCell(pc, ctx), pc.preemptionPolicy ?? ''];
  },
};

/** printLimitRange: the name and the creationTimestamp, printed as RFC 3339 like the default table's. */
export const limitRangeColumns: TableDef = createdAtColumns;

/** Quantity.String() of a stored quantity; a missing used value prints as the zero Quantity, `0`. */
export function resourceQuotaQuantity(q: unknown): string {
  if (q === undefined || q === null) return '0';
  try {
    return canonicalQuantity(q as string | number);
  } catch {
    return String(q);
  }
}

/** The REQUEST and LIMIT cells of printResourceQuota. */
export function resourceQuotaCells(rq: KObject): [string, string] {
  const hard: Record<string, unknown> = rq.status?.hard ?? {};
  const used: Record<string, unknown> = rq.status?.used ?? {};
  const request: string[] = [];
  const limit: string[] = [];
  // SortableResourceNames: plain string order.
  for (const name of Object.keys(hard).sort()) {
    const pieces = name.split('.');
    const w = pieces.length > 1 && pieces[0] === 'limits' ? limit : request;
    w.push(`${name}: ${resourceQuotaQuantity(used[name])}/${resourceQuotaQuantity(hard[name])}`);
  }
  return [request.join(', '), limit.join(', ')];
}

export const resourceQuotaColumns: TableDef = {
  columns: [col('Name'), col('Age'), col('Request'), col('Limit')],
  row(rq, ctx) {
    return [rq.metadata.name, ageCell(rq, ctx), ...resourceQuotaCells(rq)];
  },
};
