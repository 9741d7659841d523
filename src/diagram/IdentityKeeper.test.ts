import { describe, expect, it } from 'vitest';
import { IdentityKeeper, sameData } from './IdentityKeeper';

describe('IdentityKeeper', () => {
  it('hands back the previous object when the content is equal, the new one when it changed', () => {
    const keeper = new IdentityKeeper<{ id: string; data: { n: number; parts: string[] } }>();
    const first = keeper.keep([
      { id: 'a', data: { n: 1, parts: ['x'] } },
      { id: 'b', data: { n: 1, parts: [] } },
    ]);
    const second = keeper.keep([
      { id: 'a', data: { n: 1, parts: ['x'] } },
      { id: 'b', data: { n: 2, parts: [] } },
    ]);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1].data.n).toBe(2);
  });

  it('compares plain data structurally', () => {
    expect(sameData({ a: [1, { b: 'c' }] }, { a: [1, { b: 'c' }] })).toBe(true);
    expect(sameData({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData([], {})).toBe(false);
  });
});
