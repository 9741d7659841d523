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
  if (Array.isArray(v)) return v.map((x) => clone(x, shareFrozen)) as unknown as T;
  if (v instanceof Map) {
    const m = new Map();
    for (const [k, x] of v) m.set(k, clone(x, shareFrozen));
    return m as unknown as T;
  }
  if (v instanceof Set) return new Set([...v].map((x) => clone(x, shareFrozen))) as unknown as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    // defineProperty keeps a data key named "__proto__" as data instead of swapping the prototype.
    Object.defineProperty(out, k, {
      value: clone((v as Record<string, unknown>)[k], shareFrozen),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}
