/**
 * The engine's module-level caches: pure answers remembered across runs (a quantity's canonical form, a chain hash,
 * a frozen endpoint per name), bounded so that a long-lived page or server does not grow without limit. Past its
 * limit a cache forgets its oldest entry; every value is recomputable, so forgetting changes no result.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The remembered value of `key`, or `compute(key)`'s, remembered. */
  getOrCompute(key: K, compute: (key: K) => V): V {
    const entries = this.entries;
    const known = entries.get(key);
    if (known !== undefined || entries.has(key)) return known as V;
    const value = compute(key);
    if (entries.size >= this.limit) entries.delete(entries.keys().next().value as K);
    entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** `compute` remembered by its argument, for at most `limit` arguments. */
export function boundedMemo<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const cache = new BoundedCache<K, V>(limit);
  // `compute` itself is passed, not a closure per call: these sit on hot paths (every Pod write, every sync).
  return (key) => cache.getOrCompute(key, compute);
}
