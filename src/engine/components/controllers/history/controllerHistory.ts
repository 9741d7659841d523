/**
 * ControllerRevisions as pkg/controller/history/controller_history.go builds and compares them, shared by the
 * StatefulSet and DaemonSet controllers (revisions are found again by their data, FindEqualRevisions, never by a
 * recomputed hash — so revisions written by someone else, like kind's bootstrap, are adopted as they are):
 * - a revision's name is `<parent>-<hash>` (ControllerRevisionName, prefix cut at 223 bytes);
 * - the hash is FNV-1 (`fnv.New32()`, not the FNV-1a of pod-template-hash) over `data.raw`, plus the decimal
 *   collision count when there is one, printed in decimal and passed through rand.SafeEncodeString
 *   (HashControllerRevision);
 * - the labels are the template's labels plus `controller.kubernetes.io/hash` (NewControllerRevision);
 * - `data.raw` is what json.Marshal writes for the patch: map keys sorted, `<`, `>` and `&` escaped.
 */
import { podTemplateHash, safeEncodeDecimal } from '../../../objects/names';
import type { KObject } from '../../../types';
import type { ControllerRevision } from '../../../objects/typed';

/** history.ControllerRevisionHashLabel: the label a StatefulSet's revisions carry. */
const CONTROLLER_REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';

/**
 * apps.ControllerRevisionHashLabelKey (= DefaultDaemonSetUniqueLabelKey): on Pods of both controllers, and on a
 * DaemonSet's own revisions (daemon/update.go labels them itself).
 */
export const REVISION_HASH_LABEL = 'controller-revision-hash';

/**
 * getPatch (daemon/update.go, statefulset/stateful_set_utils.go): `{"spec":{"template":{…,"$patch":"replace"}}}`,
 * the revision's `data`.
 */
export function templatePatch(template: unknown): Record<string, unknown> {
  return { spec: { template: { ...(template as object), $patch: 'replace' } } };
}

/** controller.ComputeHash(template, collisionCount) — the DaemonSet controller's revision hash (FNV-1a). */
export function revisionHash(template: unknown, collisionCount = 0): string {
  return podTemplateHash(template, collisionCount);
}

/** Go's encoding/json output for a decoded JSON value: sorted keys, HTML-safe escapes. */
export function goJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string')
    return JSON.stringify(v)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  if (typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${goJson(k)}:${goJson(o[k])}`).join(',')}}`;
}

/** The UTF-8 bytes of a string (the engine has no TextEncoder). */
function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}

/** hash/fnv New32 (FNV-1: multiply, then xor) over the UTF-8 bytes of `text`. */
export function fnv32(text: string): number {
  let h = 0x811c9dc5;
  for (const b of utf8(text)) {
    h = Math.imul(h, 0x01000193) >>> 0;
    h = (h ^ b) >>> 0;
  }
  return h >>> 0;
}

/** HashControllerRevision(revision, probe). */
export function hashControllerRevision(raw: string, probe?: number): string {
  return safeEncodeDecimal(fnv32(probe === undefined ? raw : raw + String(probe)));
}

/** ControllerRevisionName(prefix, hash). */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.slice(0, 223)}-${hash}`;
}

interface ParentKind {
  apiVersion: string;
  kind: string;
}

/**
 * NewControllerRevision: a revision of `parent` holding `data`, owned by it (controller reference), labelled with
 * the template's labels and the hash (FNV-1 of the data, HashControllerRevision), named `<parent>-<hash>`.
 */
export function newControllerRevision(
  parent: KObject,
  parentKind: ParentKind,
  templateLabels: Record<string, string> | undefined,
  data: unknown,
  revision: number,
  collisionCount: number | undefined,
): ControllerRevision {
  const hash = hashControllerRevision(goJson(data), collisionCount);
  const cr = newHashedControllerRevision(parent, templateLabels, data, revision, hash, CONTROLLER_REVISION_HASH_LABEL);
  cr.metadata.ownerReferences![0] = { ...cr.metadata.ownerReferences![0], ...parentKind };
  return cr;
}

/** A revision named and labelled with a hash its controller computed itself (the DaemonSet's ComputeHash). */
export function newHashedControllerRevision(
  parent: KObject,
  templateLabels: Record<string, string> | undefined,
  data: unknown,
  revision: number,
  hash: string,
  hashLabel: string = REVISION_HASH_LABEL,
): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(parent.metadata.name, hash),
      namespace: parent.metadata.namespace,
      labels: { ...(templateLabels ?? {}), [hashLabel]: hash },
      ownerReferences: [
        {
          apiVersion: parent.apiVersion,
          kind: parent.kind,
          name: parent.metadata.name,
          uid: parent.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    data,
    revision,
  } as ControllerRevision;
}

/** SortControllerRevisions: by revision number, then creation time, then name (the informer order is arbitrary). */
export function sortControllerRevisions(revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return [...revisions].sort(
    (a, b) =>
      revisionOf(a) - revisionOf(b) ||
      (a.metadata.creationTimestamp ?? 0) - (b.metadata.creationTimestamp ?? 0) ||
      (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0),
  );
}

export function revisionOf(r: KObject): number {
  return Number(r.revision ?? 0);
}

/** history.MaxRevision. */
export function maxRevision(revisions: readonly ControllerRevision[]): number {
  let max = 0;
  for (const r of revisions) max = Math.max(max, revisionOf(r));
  return max;
}

/** FindEqualRevisions: the revisions whose data equals `needle`'s, in the order given. */
export function findEqualRevisions(
  revisions: readonly ControllerRevision[],
  needle: KObject | { data?: unknown },
): ControllerRevision[] {
  const raw = goJson(needle.data);
  return revisions.filter((r) => goJson(r.data) === raw);
}

/** nextRevision: one more than the highest revision number of sorted `revisions` (1 for none). */
export function nextRevision(sorted: KObject[]): number {
  return sorted.length === 0 ? 1 : (sorted[sorted.length - 1].revision ?? 0) + 1;
}

/**
 * truncateHistory: the revisions to delete so that at most `limit` non-live ones remain, oldest first. `live` holds
 * the current and update revisions and every revision a Pod still carries.
 */
export function revisionsToTruncate(
  sorted: ControllerRevision[],
  live: ReadonlySet<string>,
  limit: number,
): ControllerRevision[] {
  const history = sorted.filter((r) => !live.has(r.metadata.name));
  return history.length <= limit ? [] : history.slice(0, history.length - limit);
}
