import { describe, expect, it } from 'vitest';
import { BoundedCache, boundedMemo } from './boundedMemo';

describe('boundedMemo', () => {
  it('computes once per argument, undefined answers included', () => {
    let calls = 0;
    const f = boundedMemo(10, (k: string) => (calls++, k === 'none' ? undefined : k.length));
    expect([f('abc'), f('abc'), f('none'), f('none')]).toEqual([3, 3, undefined, undefined]);
    expect(calls).toBe(2);
  });

  it('forgets the oldest entry past its limit, and recomputes it the same', () => {
    const cache = new BoundedCache<number, number>(2);
    let calls = 0;
    const sq = (n: number) => cache.getOrCompute(n, (k) => (calls++, k * k));
    sq(1);
    sq(2);
    sq(3);
    expect(cache.size).toBe(2);
    expect(sq(2)).toBe(4);
    expect(calls).toBe(3);
    expect(sq(1)).toBe(1);
    expect(calls).toBe(4);
  });
});
