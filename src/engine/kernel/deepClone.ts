/** Deep copy of plain data (objects, arrays, Maps, Sets, primitives): checkpoints and defensive copies. */
export function deepClone<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(deepClone) as unknown as T;
  if (v instanceof Map) {
    const m = new Map();
    for (const [k, x] of v) m.set(k, deepClone(x));
    return m as unknown as T;
  }
  if (v instanceof Set) return new Set([...v].map(deepClone)) as unknown as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    // defineProperty keeps a data key named "__proto__" as data instead of swapping the prototype.
    Object.defineProperty(out, k, {
      value: deepClone((v as Record<string, unknown>)[k]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}
