import { describe, expect, it } from 'vitest';
import { goSort } from './goSort';

describe("Go's sort.Sort (pdqsort)", () => {
  it('sorts every length, through insertion sort, partitions and pattern breaking', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (const n of [0, 1, 2, 12, 13, 49, 50, 51, 200, 1000]) {
      const xs = Array.from({ length: n }, () => next() % 37);
      const sorted = [...xs].sort((a, b) => a - b);
      goSort(xs, (a, b) => a < b);
      expect(xs).toEqual(sorted);
      const desc = [...sorted].reverse();
      goSort(desc, (a, b) => a < b);
      expect(desc).toEqual(sorted);
    }
  });

  it('keeps equal keys in input order up to 12 elements (insertion sort), not beyond', () => {
    const small = Array.from({ length: 12 }, (_, i) => ({ k: i % 2, i }));
    goSort(small, (a, b) => a.k < b.k);
    expect(small.filter((x) => x.k === 0).map((x) => x.i)).toEqual([0, 2, 4, 6, 8, 10]);
    const big = Array.from({ length: 40 }, (_, i) => ({ k: i % 2, i }));
    goSort(big, (a, b) => a.k < b.k);
    const zeros = big.filter((x) => x.k === 0).map((x) => x.i);
    expect(zeros).not.toEqual([...zeros].sort((a, b) => a - b));
  });
});
