/**
 * Server-side apply (`PATCH` with `application/apply-patch+yaml`; handlers/patch.go applyPatcher and
 * k8s.io/apimachinery/pkg/util/managedfields with structured-merge-diff's Updater.Apply): the applied configuration
 * is merged into the live object; a field it sets to a new value that another manager owns is a conflict unless
 * forced (forcing takes the field over); a field this manager applied before, no longer in its configuration and
 * owned by nobody else, is removed. The manager's Apply entry then owns exactly the configuration's fields.
 */
import type { KObject } from '../types';
import type { StatusError } from '../messages';
import { entriesOf, encodeEntries, fieldSetOf, pathString, removePath } from './managedFields';
import { strategicMergePatch } from './strategicMergePatch';

export interface ApplyResult {
  object?: KObject;
  error?: StatusError;
}

interface Conflict {
  /** printManager: `"kubectl-client-side-apply" using apps/v1` (an Update names its version, an Apply does not). */
  manager: string;
  path: string;
}

function printManager(e: { manager: string; operation: string; apiVersion: string; subresource?: string }): string {
  let s = JSON.stringify(e.manager);
  if (e.subresource) s += ` with subresource ${JSON.stringify(e.subresource)}`;
  if (e.operation === 'Update') s += ` using ${e.apiVersion}`;
  return s;
}

/** managedfields internal NewConflictError / getConflictMessage: a 409 Conflict with one cause per field. */
function conflictError(conflicts: Conflict[]): StatusError {
  let message: string;
  if (conflicts.length === 1)
    message = `Apply failed with 1 conflict: conflict with ${conflicts[0].manager}: ${conflicts[0].path}`;
  else {
    const byManager = new Map<string, string[]>();
    for (const c of conflicts) byManager.set(c.manager, [...(byManager.get(c.manager) ?? []), c.path]);
    const lines: string[] = [];
    for (const m of [...byManager.keys()].sort()) {
      lines.push(`conflicts with ${m}:`);
      for (const p of byManager.get(m)!) lines.push(`- ${p}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return {
    code: 409,
    reason: 'Conflict',
    message,
    details: {
      reasons: conflicts.map((c) => ({
        reason: 'FieldManagerConflict',
        message: `conflict with ${c.manager}`,
        field: c.path,
      })),
    },
  };
}

/**
 * Applies `config` for `manager`. `live` undefined: the configuration creates the object. The result carries its
 * managedFields; the caller stores it through the usual update (or create) pipeline.
 */
export function serverSideApply(
  live: KObject | undefined,
  config: KObject,
  manager: string,
  force: boolean,
  now: number,
): ApplyResult {
  const applied = fieldSetOf(config, 'apply');
  const entries = entriesOf(live);
  const others = entries.filter((e) => !(e.manager === manager && e.operation === 'Apply'));
  if (live) {
    const current = fieldSetOf(live, 'apply');
    const conflicts: Conflict[] = [];
    const taken = new Set<string>();
    for (const [path, value] of applied) {
      if (value === undefined || current.get(path) === value || !current.has(path)) continue;
      for (const e of others)
        if (e.set.has(path)) {
          conflicts.push({ manager: printManager(e), path: pathString(path) });
          taken.add(path);
        }
    }
    if (conflicts.length && !force) return { error: conflictError(conflicts) };
    for (const e of others) for (const p of taken) e.set.delete(p);
  }
  const previous = entries.find((e) => e.manager === manager && e.operation === 'Apply');
  let base: KObject = live ? (JSON.parse(JSON.stringify(live)) as KObject) : ({} as KObject);
  if (previous) {
    const ownedElsewhere = new Set(others.flatMap((e) => [...e.set]));
    // Deepest first, so a list item goes after its fields have.
    const drop = [...previous.set]
      .filter((p) => !applied.has(p) && !ownedElsewhere.has(p))
      .sort()
      .reverse();
    for (const p of drop) removePath(base as unknown as Record<string, unknown>, p);
  }
  base = strategicMergePatch(base, config) as KObject;
  const entry = {
    manager,
    operation: 'Apply' as const,
    apiVersion: config.apiVersion,
    time: now,
    fieldsType: 'FieldsV1' as const,
    fieldsV1: {},
    set: new Set(applied.keys()),
  };
  // The entry keeps its time when a repeated apply owns the same fields (the object is then stored unchanged).
  if (previous && previous.set.size === entry.set.size && [...previous.set].every((p) => entry.set.has(p)))
    entry.time = previous.time;
  const managedFields = encodeEntries([...others, entry]);
  return { object: { ...base, metadata: { ...base.metadata, managedFields } } };
}
