import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEqual } from './canonicalEqual';
import { canonicalJson } from './names';

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** [1, <hole>, 2] */
function holey(): unknown[] {
  const a = [1, 2, 2];
  delete a[1];
  return a;
}

describe('canonicalEqual', () => {
  it('agrees with comparing canonicalJson strings on the edge cases', () => {
    const cases: Array<[unknown, unknown]> = [
      [
        { a: 1, b: [1, 2] },
        { b: [1, 2], a: 1 },
      ],
      [{ a: undefined }, { a: null }],
      [{ a: undefined }, {}],
      [[undefined], [null]],
      [NaN, null],
      [Infinity, null],
      [-0, 0],
      [1, '1'],
      [holey(), [1, undefined, 2]],
      [holey(), holey()],
      [{}, []],
      [new Map([[1, 2]]), {}],
      [{ x: { y: [1, { z: 'a' }] } }, { x: { y: [1, { z: 'b' }] } }],
    ];
    for (const [a, b] of cases) {
      expect(canonicalEqual(a, b), JSON.stringify([a, b])).toBe(same(a, b));
      expect(canonicalEqual(b, a)).toBe(same(b, a));
    }
  });

  it('agrees with comparing canonicalJson strings on arbitrary values', () => {
    const value = fc.anything({ withNullPrototype: false, withBigInt: false, withObjectString: false });
    fc.assert(fc.property(value, value, (a, b) => canonicalEqual(a, b) === same(a, b)));
    // Mostly-equal pairs: a value against a reshuffled copy of itself with one leaf changed or not.
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (v, tweak) => {
        const copy = JSON.parse(JSON.stringify(v ?? null));
        if (tweak && copy && typeof copy === 'object') (copy as Record<string, unknown>)['~'] = 1;
        return canonicalEqual(v, copy) === same(v, copy);
      }),
    );
  });
});
