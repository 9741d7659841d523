import { describe, expect, it } from 'vitest';
import { Rng } from '../kernel/Rng';
import { generateName, podTemplateHash, safeEncodeDecimal, uuid } from './names';

describe('names', () => {
  it('pod-template-hash uses only 4-9 and b c d f (SafeEncodeString of a decimal)', () => {
    // rand.SafeEncodeString (apimachinery util/rand): 0→4, 1→5, … 5→9, 6→b, 7→c, 8→d, 9→f
    expect(safeEncodeDecimal(1234567890)).toBe('56789bcdf4');
    for (let i = 0; i < 200; i++) expect(podTemplateHash({ i })).toMatch(/^[4-9bcdf]{1,10}$/);
    expect(podTemplateHash({ a: 1, b: 2 })).toBe(podTemplateHash({ b: 2, a: 1 }));
  });
  it('generateName appends 5 chars of the 27-char alphabet and truncates the base to 58', () => {
    const r = Rng.fromSeed(1, 'names');
    expect(generateName(r, 'web-7d9c8b6f5d-')).toMatch(/^web-7d9c8b6f5d-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(generateName(r, 'x'.repeat(80))).toHaveLength(63);
  });
  it('uuids are RFC 4122 v4', () => {
    expect(uuid(Rng.fromSeed(3, 'uids'))).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
