import { describe, it, expect } from 'vitest';
import { defaultNormalizeScore } from './normalizeScore';

const scores = (...v: number[]) => v.map((score, i) => ({ name: `n${i}`, score }));

describe('defaultNormalizeScore', () => {
  it('scales by the maximum with integer division', () => {
    const s = scores(1, 2, 3);
    defaultNormalizeScore(100, false, s);
    expect(s.map((x) => x.score)).toEqual([33, 66, 100]);
  });

  it('reverse: fewer is better; all zero gives everyone the maximum', () => {
    const s = scores(0, 1, 2);
    defaultNormalizeScore(100, true, s);
    expect(s.map((x) => x.score)).toEqual([100, 50, 0]);
    const z = scores(0, 0);
    defaultNormalizeScore(100, true, z);
    expect(z.map((x) => x.score)).toEqual([100, 100]);
    const z2 = scores(0, 0);
    defaultNormalizeScore(100, false, z2);
    expect(z2.map((x) => x.score)).toEqual([0, 0]);
  });
});
