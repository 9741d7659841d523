/**
 * RFC 6902 JSON patch as the apiserver applies `application/json-patch+json` (handlers/patch.go applyJSPatch, with
 * gopkg.in/evanphx/json-patch.v4): add, remove, replace, move, copy and test on JSON pointers (RFC 6901). The error
 * texts are the library's, which the apiserver returns as a 422's cause.
 */
type Json = unknown;
type Container = Record<string, Json> | Json[];

export interface JsonPatchOp {
  op?: unknown;
  path?: unknown;
  from?: unknown;
  value?: unknown;
}

const isObj = (v: unknown): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);

/** An RFC 6901 pointer's tokens (`~1` is `/`, `~0` is `~`). */
function tokens(path: string): string[] {
  return path
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The container holding the pointer's last token (evanphx findObject), or undefined when a parent is missing. */
function findParent(doc: Json, path: string): { parent: Container; key: string } | undefined {
  const parts = tokens(path);
  if (!parts.length) return undefined;
  let cur: Json = doc;
  for (const part of parts.slice(0, -1)) {
    if (Array.isArray(cur)) {
      const i = Number(part);
      if (!/^\d+$/.test(part) || i >= cur.length) return undefined;
      cur = cur[i];
    } else if (isObj(cur)) {
      if (!(part in cur)) return undefined;
      cur = cur[part];
    } else return undefined;
  }
  if (!Array.isArray(cur) && !isObj(cur)) return undefined;
  return { parent: cur, key: parts[parts.length - 1] };
}

function get(doc: Json, path: string): { found: boolean; value?: Json } {
  if (path === '') return { found: true, value: doc };
  const at = findParent(doc, path);
  if (!at) return { found: false };
  if (Array.isArray(at.parent)) {
    const i = Number(at.key);
    return /^\d+$/.test(at.key) && i < at.parent.length ? { found: true, value: at.parent[i] } : { found: false };
  }
  return at.key in at.parent ? { found: true, value: at.parent[at.key] } : { found: false };
}

function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

const clone = (v: Json): Json => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

class PatchError extends Error {}

function add(doc: Json, path: string, value: Json): void {
  const at = findParent(doc, path);
  if (!at) throw new PatchError(`add operation does not apply: doc is missing path: "${path}": missing value`);
  if (Array.isArray(at.parent)) {
    const n = at.parent.length;
    const i = at.key === '-' ? n : Number(at.key);
    if (!/^(\d+|-)$/.test(at.key) || i > n)
      throw new PatchError(
        `error in add for path: '${path}': Unable to access invalid index: ${at.key}: invalid index referenced`,
      );
    at.parent.splice(i, 0, value);
  } else at.parent[at.key] = value;
}

function remove(doc: Json, path: string, op = 'remove'): Json {
  const at = findParent(doc, path);
  if (!at) throw new PatchError(`${op} operation does not apply: doc is missing path: "${path}": missing value`);
  if (Array.isArray(at.parent)) {
    const i = Number(at.key);
    if (!/^\d+$/.test(at.key) || i >= at.parent.length)
      throw new PatchError(
        `error in ${op} for path: '${path}': Unable to access invalid index: ${at.key}: invalid index referenced`,
      );
    return at.parent.splice(i, 1)[0];
  }
  if (!(at.key in at.parent))
    throw new PatchError(
      `error in ${op} for path: '${path}': unable to remove nonexistent key: ${at.key}: missing value`,
    );
  const old = at.parent[at.key];
  delete at.parent[at.key];
  return old;
}

function replace(doc: Json, path: string, value: Json): void {
  const at = findParent(doc, path);
  if (!at) throw new PatchError(`replace operation does not apply: doc is missing key: ${path}: missing value`);
  if (Array.isArray(at.parent)) {
    const i = Number(at.key);
    if (!/^\d+$/.test(at.key) || i >= at.parent.length)
      throw new PatchError(`replace operation does not apply: doc is missing key: ${path}: missing value`);
    at.parent[i] = value;
  } else {
    if (!(at.key in at.parent))
      throw new PatchError(`replace operation does not apply: doc is missing key: ${path}: missing value`);
    at.parent[at.key] = value;
  }
}

/**
 * Applies the operations in order to a copy of `doc`. Returns the patched document, or the error text (the whole
 * patch fails: nothing of it applies). A malformed patch (not a list of operations) is `{ badRequest }`, a 400.
 */
export function applyJsonPatch(doc: Json, patch: unknown): { doc: Json } | { error: string } | { badRequest: string } {
  if (!Array.isArray(patch))
    return { badRequest: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' };
  const out = clone(doc);
  try {
    for (const raw of patch as JsonPatchOp[]) {
      const op = isObj(raw) ? raw : {};
      const path = typeof op.path === 'string' ? op.path : undefined;
      const kind = String(op.op ?? '');
      if (path === undefined)
        throw new PatchError(kind ? `${kind} operation missing path` : 'Unexpected kind: unknown');
      switch (kind) {
        case 'add':
          if (!('value' in op)) throw new PatchError('add operation missing value');
          add(out, path, clone(op.value));
          break;
        case 'remove':
          remove(out, path);
          break;
        case 'replace':
          if (!('value' in op)) throw new PatchError('replace operation missing value');
          replace(out, path, clone(op.value));
          break;
        case 'move': {
          const from = typeof op.from === 'string' ? op.from : undefined;
          if (from === undefined) throw new PatchError('move operation missing from');
          add(out, path, remove(out, from, 'move'));
          break;
        }
        case 'copy': {
          const from = typeof op.from === 'string' ? op.from : undefined;
          if (from === undefined) throw new PatchError('copy operation missing from');
          const src = get(out, from);
          if (!src.found)
            throw new PatchError(`copy operation does not apply: doc is missing from path: ${from}: missing value`);
          add(out, path, clone(src.value));
          break;
        }
        case 'test': {
          const at = get(out, path);
          const want = op.value ?? null;
          if (!(at.found ? equal(at.value, want) : want === null))
            throw new PatchError(`testing value ${path} failed: test failed`);
          break;
        }
        default:
          throw new PatchError(`Unexpected kind: ${kind}`);
      }
    }
  } catch (e) {
    if (e instanceof PatchError) return { error: e.message };
    throw e;
  }
  return { doc: out };
}
