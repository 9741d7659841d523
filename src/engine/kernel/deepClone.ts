/** Deep copy of plain data (objects, arrays, Maps, Sets, primitives): checkpoints and defensive copies. */
export function deepClone<T>(v: T): T {
  return clone(v, false);
}

/**
 * Copy for checkpoints: frozen values (objects stored in etcd, which every component treats as immutable) are
 * shared instead of copied, so a checkpoint costs the size of the mutable state, not of the whole cluster.
 */
export function checkpointClone<T>(v: T): T {
  return clone(v, true);
}

function clone<T>(v: T, shareFrozen: boolean): T {
  if (v === null || typeof v !== 'object') return v;
  if (shareFrozen && Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = clone(v[i], shareFrozen);
    return out as unknown as T;
  }
  if (v instanceof Map) {
    const m = new Map();
    // forEach rather than for-of: no [key, value] pair per entry (checkpoints copy maps of thousands of entries).
    v.forEach((x, k) => m.set(k, clone(x, shareFrozen)));
    return m as unknown as T;
  }
  if (v instanceof Set) {
    const s = new Set();
    for (const x of v) s.add(clone(x, shareFrozen));
    return s as unknown as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    const x = clone((v as Record<string, unknown>)[k], shareFrozen);
    // A data key named "__proto__" must stay data: plain assignment would swap the prototype instead.
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
    else out[k] = x;
  }
  return out as T;
}
