/**
 * A strategic merge patch (apimachinery pkg/util/strategicpatch StrategicMergePatch) as kubectl sends it for
 * client-side `apply`, `scale`, `set image`, `patch`: maps merge as in a JSON merge patch (null deletes), and lists
 * whose Go field carries `patchStrategy:"merge"` merge element by element on their `patchMergeKey` — containers,
 * volumes and env by `name`, container ports by `containerPort`, Service ports by `port`, volume mounts by
 * `mountPath`, conditions by `type`, owner references by `uid` — other lists are replaced. The directives kubectl
 * emits are honoured: `$patch: delete` on a list element, `$patch: replace` on a map, `$deleteFromPrimitiveList/…`,
 * `$setElementOrder/…` (the order of a merged list), `$retainKeys` (the map keeps only those keys).
 * The merge keys come from a table of field names rather than from the Go structs (or OpenAPI): the same name
 * means the same strategy everywhere in the built-in types Podyssey serves, except `ports`, told apart by its items.
 */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  imagePullSecrets: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  conditions: 'type',
  ownerReferences: 'uid',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
  resourceClaims: 'name',
};
/** Lists of scalars with patchStrategy merge: a patch adds to them (union) rather than replacing them. */
const MERGED_SCALAR_LISTS = new Set(['finalizers']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export function mergeKeyOf(field: string, items: readonly unknown[]): string | undefined {
  if (field === 'ports') return items.some((i) => isObj(i) && 'containerPort' in i) ? 'containerPort' : 'port';
  return MERGE_KEYS[field];
}

export function strategicMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObj(patch)) return patch;
  if (patch.$patch === 'replace') {
    return stripDirectives(patch);
  }
  if (patch.$patch === 'delete') return undefined;
  const out: Obj = isObj(target) ? { ...target } : {};
  const orders: Record<string, unknown[]> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$setElementOrder/')) orders[k.slice('$setElementOrder/'.length)] = v as unknown[];
    else if (k.startsWith('$deleteFromPrimitiveList/')) {
      const field = k.slice('$deleteFromPrimitiveList/'.length);
      const drop = new Set((v as unknown[]).map(String));
      if (Array.isArray(out[field])) out[field] = (out[field] as unknown[]).filter((x) => !drop.has(String(x)));
    } else if (k === '$retainKeys') continue;
    else if (v === null) delete out[k];
    else if (Array.isArray(v)) out[k] = mergeList(k, out[k], v);
    else if (isObj(v)) {
      const merged = strategicMergePatch(out[k], v);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    } else out[k] = v;
  }
  if (Array.isArray(patch.$retainKeys)) {
    const keep = new Set(patch.$retainKeys as string[]);
    for (const k of Object.keys(out)) if (!keep.has(k)) delete out[k];
  }
  for (const [field, order] of Object.entries(orders)) {
    const list = out[field];
    if (!Array.isArray(list)) continue;
    const key = mergeKeyOf(field, list);
    const pos = (item: unknown) =>
      order.findIndex((o) => (key && isObj(o) && isObj(item) ? o[key] === item[key] : o === item));
    out[field] = [...list].sort((a, b) => (pos(a) < 0 ? Infinity : pos(a)) - (pos(b) < 0 ? Infinity : pos(b)));
  }
  return out;
}

function mergeList(field: string, current: unknown, patch: unknown[]): unknown[] {
  const have = Array.isArray(current) ? current : [];
  if (MERGED_SCALAR_LISTS.has(field)) return [...have, ...patch.filter((p) => !have.includes(p))];
  const key = mergeKeyOf(field, [...patch, ...have]);
  if (!key || !patch.every(isObj)) return patch.map(stripDirectives);
  const out = [...have];
  for (const p of patch as Obj[]) {
    const i = out.findIndex((o) => isObj(o) && o[key] === p[key]);
    if (p.$patch === 'delete') {
      if (i >= 0) out.splice(i, 1);
    } else if (i >= 0) out[i] = strategicMergePatch(out[i], p);
    else out.push(stripDirectives(p));
  }
  return out;
}

function stripDirectives(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (!isObj(v)) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) if (!k.startsWith('$')) out[k] = stripDirectives(x);
  return out;
}
