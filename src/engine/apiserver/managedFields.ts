/**
 * metadata.managedFields: which field manager owns which fields (k8s.io/apimachinery/pkg/util/managedfields and
 * sigs.k8s.io/structured-merge-diff fieldpath). A field set is kept flat here — one string per path, its elements
 * in FieldsV1 spelling (`f:spec`, `k:{"name":"web"}`, `v:"kubernetes"`) joined by newlines — and encoded as the
 * FieldsV1 trie on the object (`{"f:spec":{"f:replicas":{}}}`, `.` marking a node that is itself a member).
 *
 * The schema comes from field names, as in strategicMergePatch.ts: lists with a merge key are associative (items
 * `k:{…}`), `finalizers` is a set (`v:…`), every other list is atomic (a leaf); `selector` and `nodeSelector` are
 * atomic maps; the rest are structs or granular maps.
 */
import { mergeKeyOf } from './strategicMergePatch';
import type { KObject } from '../types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** A set of owned paths; a leaf's value (its JSON) is kept to tell a changed field from an unchanged one. */
export type FieldSet = Map<string, string | undefined>;

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  /** Virtual ms; on the wire an RFC 3339 instant (server/wire.ts). */
  time: number;
  fieldsType: 'FieldsV1';
  fieldsV1: Obj;
  subresource?: string;
}

/** managedfields stripMetaManager: the metadata nobody owns (set by the server, or naming the object). */
const STRIPPED_METADATA = new Set([
  'name',
  'namespace',
  'creationTimestamp',
  'selfLink',
  'uid',
  'clusterName',
  'generation',
  'managedFields',
  'resourceVersion',
]);
const ATOMIC_MAPS = new Set(['selector', 'nodeSelector', 'labelSelector', 'namespaceSelector']);
const SET_LISTS = new Set(['finalizers']);
/**
 * Nodes an Update's diff lists as members themselves (`.`): granular maps and the pointer structs whose whole value
 * appears or disappears at once, as `f:labels: {.: {}, f:app: {}}` and `f:rollingUpdate: {.: {}, …}` in a
 * real cluster's kubectl-create entry.
 */
const MEMBER_NODES = new Set([
  'labels',
  'annotations',
  'data',
  'binaryData',
  'stringData',
  'limits',
  'requests',
  'hard',
  'capacity',
  'parameters',
  'rollingUpdate',
  'readinessProbe',
  'livenessProbe',
  'startupProbe',
  'httpGet',
  'tcpSocket',
  'exec',
  'grpc',
]);

const SEP = '\n';

/** The list item's key in FieldsV1 (`k:{"name":"web"}`); container and Service ports key on the port and protocol. */
function itemKey(field: string, key: string, item: Obj): string {
  const k: Obj = { [key]: item[key] };
  if (field === 'ports') k.protocol = item.protocol ?? 'TCP';
  const sorted = Object.fromEntries(Object.entries(k).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `k:${JSON.stringify(sorted)}`;
}

/**
 * The paths an object (or an applied configuration) sets. `update` adds the map and pointer nodes an Update's diff
 * records as members; `apply` is the applied configuration's own set (structured-merge-diff ToFieldSet).
 */
export function fieldSetOf(obj: KObject | Obj, mode: 'apply' | 'update'): FieldSet {
  const out: FieldSet = new Map();
  const walk = (value: unknown, path: string[], field: string): void => {
    const here = path.join(SEP);
    if (Array.isArray(value)) {
      const key = mergeKeyOf(field, value);
      if (key && value.every(isObj)) {
        for (const item of value as Obj[]) {
          const p = [...path, itemKey(field, key, item)];
          out.set(p.join(SEP), undefined);
          walkFields(item, p);
        }
      } else if (SET_LISTS.has(field)) {
        for (const v of value) out.set([...path, `v:${JSON.stringify(v)}`].join(SEP), JSON.stringify(v));
      } else out.set(here, JSON.stringify(value));
      return;
    }
    if (isObj(value)) {
      const keys = Object.keys(value).filter((k) => value[k] !== undefined);
      if (ATOMIC_MAPS.has(field) || keys.length === 0) return void out.set(here, JSON.stringify(value));
      if (mode === 'update' && MEMBER_NODES.has(field)) out.set(here, undefined);
      walkFields(value, path);
      return;
    }
    out.set(here, JSON.stringify(value ?? null));
  };
  const walkFields = (o: Obj, path: string[]) => {
    for (const [k, v] of Object.entries(o)) if (v !== undefined) walk(v, [...path, `f:${k}`], k);
  };
  const o = obj as Obj;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'apiVersion' || k === 'kind' || k === 'status' || v === undefined) continue;
    if (k === 'metadata' && isObj(v)) {
      for (const [mk, mv] of Object.entries(v))
        if (!STRIPPED_METADATA.has(mk) && mv !== undefined) walk(mv, ['f:metadata', `f:${mk}`], mk);
    } else walk(v, [`f:${k}`], k);
  }
  return out;
}

/** The FieldsV1 trie of a set. */
export function encodeFieldsV1(set: Iterable<string>): Obj {
  const root: Obj = {};
  const members: Obj[] = [];
  for (const path of [...set].sort()) {
    let node = root;
    for (const el of path.split(SEP)) node = (node[el] ??= {}) as Obj;
    members.push(node);
  }
  for (const node of members) if (Object.keys(node).length) node['.'] = {};
  return root;
}

/** The flat paths of a FieldsV1 trie. */
export function decodeFieldsV1(fields: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown, path: string[]) => {
    if (!isObj(node)) return;
    const keys = Object.keys(node);
    if (!keys.length && path.length) out.add(path.join(SEP));
    for (const k of keys) {
      if (k === '.') out.add(path.join(SEP));
      else walk(node[k], [...path, k]);
    }
  };
  walk(fields, []);
  return out;
}

/** A path as structured-merge-diff prints it in a conflict: `.spec.template.spec.containers[name="web"].image`. */
export function pathString(path: string): string {
  return path
    .split(SEP)
    .map((el) => {
      const body = el.slice(2);
      if (el.startsWith('f:')) return `.${body}`;
      if (el.startsWith('v:')) return `[=${body}]`;
      if (el.startsWith('k:')) {
        const k = JSON.parse(body) as Obj;
        return `[${Object.entries(k)
          .map(([n, v]) => `${n}=${JSON.stringify(v)}`)
          .join(',')}]`;
      }
      return `[${body}]`;
    })
    .join('');
}

/** Removes one path from an object (in place): a field, a list item by its key, a set member. */
export function removePath(obj: Obj, path: string): void {
  const els = path.split(SEP);
  let cur: unknown = obj;
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    const last = i === els.length - 1;
    const body = el.slice(2);
    if (el.startsWith('f:') && isObj(cur)) {
      if (last) delete cur[body];
      else cur = cur[body];
    } else if (Array.isArray(cur)) {
      const key = el.startsWith('k:') ? (JSON.parse(body) as Obj) : undefined;
      const value = el.startsWith('v:') ? JSON.parse(body) : undefined;
      const at = cur.findIndex((item) =>
        key
          ? isObj(item) &&
            Object.entries(key).every(([k, v]) => (item[k] ?? (k === 'protocol' ? 'TCP' : undefined)) === v)
          : item === value,
      );
      if (at < 0) return;
      if (last) cur.splice(at, 1);
      else cur = cur[at];
    } else return;
  }
}

/** The entries of an object, with their sets decoded. */
export function entriesOf(obj: KObject | undefined): Array<ManagedFieldsEntry & { set: Set<string> }> {
  const list = (obj?.metadata?.managedFields ?? []) as ManagedFieldsEntry[];
  return list.map((e) => ({ ...e, set: decodeFieldsV1(e.fieldsV1) }));
}

/**
 * The entries as the apiserver stores them: empty sets dropped, sorted by operation, time, manager, apiVersion and
 * subresource (managedfields internal sortEncodedManagedFields; whole seconds, as metav1.Time keeps them).
 */
export function encodeEntries(entries: Array<ManagedFieldsEntry & { set: Set<string> }>): ManagedFieldsEntry[] {
  const sec = (t: number) => Math.floor(t / 1000);
  return entries
    .filter((e) => e.set.size > 0)
    .sort(
      (a, b) =>
        (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0) ||
        sec(a.time) - sec(b.time) ||
        (a.manager < b.manager ? -1 : a.manager > b.manager ? 1 : 0) ||
        (a.apiVersion < b.apiVersion ? -1 : a.apiVersion > b.apiVersion ? 1 : 0) ||
        (a.subresource ?? '').localeCompare(b.subresource ?? ''),
    )
    .map(({ set, ...e }) => ({
      manager: e.manager,
      operation: e.operation,
      apiVersion: e.apiVersion,
      time: e.time,
      fieldsType: 'FieldsV1' as const,
      fieldsV1: encodeFieldsV1(set),
      ...(e.subresource ? { subresource: e.subresource } : {}),
    }));
}

/** What identifies an entry, time aside: a client that sends managedFields back unchanged has not set them. */
function sameEntries(a: KObject, b: KObject): boolean {
  const strip = (o: KObject) =>
    JSON.stringify(
      (o.metadata?.managedFields ?? []).map((e) => [e.manager, e.operation, e.apiVersion, e.subresource, e.fieldsV1]),
    );
  return strip(a) === strip(b);
}

/**
 * An Update by `manager` (a create when `existing` is undefined): it takes every field it changed from whoever
 * owned it, and fields it removed leave every set (managedfields internal managedFieldsUpdater with
 * structured-merge-diff's Updater.Update). A client that wrote managedFields itself keeps them as written (how
 * kubectl migrates client-side apply's entry to its server-side one).
 */
export function recordUpdate(
  existing: KObject | undefined,
  next: KObject,
  manager: string,
  now: number,
  subresource?: string,
): KObject {
  if (existing && !sameEntries(existing, next) && next.metadata.managedFields?.length) return next;
  const before = existing ? fieldSetOf(existing, 'update') : new Map<string, string | undefined>();
  const after = fieldSetOf(next, 'update');
  const changed = new Set<string>();
  for (const [p, v] of after) if (!before.has(p) || before.get(p) !== v) changed.add(p);
  const removed = [...before.keys()].filter((p) => !after.has(p));
  const entries = entriesOf(existing);
  for (const e of entries) for (const p of [...changed, ...removed]) e.set.delete(p);
  let mine = entries.find(
    (e) => e.manager === manager && e.operation === 'Update' && (e.subresource ?? '') === (subresource ?? ''),
  );
  if (changed.size) {
    if (!mine) {
      mine = {
        manager,
        operation: 'Update',
        apiVersion: next.apiVersion,
        time: now,
        fieldsType: 'FieldsV1',
        fieldsV1: {},
        set: new Set(),
        ...(subresource ? { subresource } : {}),
      };
      entries.push(mine);
    }
    for (const p of changed) mine.set.add(p);
    mine.time = now;
    mine.apiVersion = next.apiVersion;
  }
  const managedFields = encodeEntries(entries);
  const metadata = { ...next.metadata };
  if (managedFields.length) metadata.managedFields = managedFields;
  else delete metadata.managedFields;
  return { ...next, metadata };
}
