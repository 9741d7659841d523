import { describe, expect, it } from 'vitest';
import { EventQueue } from './EventQueue';
import { Rng } from './Rng';
import { checkpointClone, deepClone } from './deepClone';

describe('EventQueue', () => {
  it('pops by virtual time, then by send order', () => {
    const q = new EventQueue<{ time: number; order: number; id: string }>();
    q.push({ time: 5, order: 0, id: 'a' });
    q.push({ time: 1, order: 1, id: 'b' });
    q.push({ time: 5, order: 2, id: 'c' });
    q.push({ time: 1, order: 3, id: 'd' });
    expect([q.pop(), q.pop(), q.pop(), q.pop()].map((x) => x!.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(q.pop()).toBeUndefined();
  });
  it('interleaved pushes and pops come out in (time, order) order', () => {
    const q = new EventQueue<{ time: number; order: number }>();
    const r = Rng.fromSeed(7, 'queue');
    const out: Array<{ time: number; order: number }> = [];
    let order = 0;
    let now = 0;
    for (let i = 0; i < 2000; i++) {
      if (q.size === 0 || r.intn(3) > 0) q.push({ time: now + r.intn(5), order: order++ });
      else {
        const x = q.pop()!;
        now = x.time;
        out.push(x);
      }
    }
    while (q.size) out.push(q.pop()!);
    for (let i = 1; i < out.length; i++) {
      const [a, b] = [out[i - 1], out[i]];
      expect(a.time < b.time || (a.time === b.time && a.order < b.order)).toBe(true);
    }
    expect(out).toHaveLength(order);
  });
  it('removeWhere keeps the heap ordered', () => {
    const q = new EventQueue<{ time: number; order: number }>();
    for (let i = 0; i < 50; i++) q.push({ time: (i * 37) % 11, order: i });
    q.removeWhere((x) => x.order % 3 === 0);
    let last = -1;
    while (q.size) {
      const x = q.pop()!;
      expect(x.order % 3).not.toBe(0);
      expect(x.time).toBeGreaterThanOrEqual(last);
      last = x.time;
    }
  });
});

describe('Rng', () => {
  it('is deterministic per seed and stream, and streams are independent', () => {
    const a = Rng.fromSeed(42, 'names');
    const b = Rng.fromSeed(42, 'names');
    const c = Rng.fromSeed(42, 'uids');
    const xs = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(xs);
  });
  it('intn and between stay in range', () => {
    const r = Rng.fromSeed(1, 'x');
    for (let i = 0; i < 1000; i++) {
      const n = r.intn(27);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(27);
      const m = r.between(3, 5);
      expect([3, 4, 5]).toContain(m);
    }
  });
});

describe('deepClone', () => {
  it('copies Maps, Sets and nested data; keeps __proto__ as data', () => {
    const src = JSON.parse('{"a":{"__proto__":{"polluted":1}},"m":1}');
    const copy = deepClone({ ...src, map: new Map([['k', { v: 1 }]]), set: new Set([1]) });
    expect(Object.keys(copy.a)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(copy.map.get('k')).toEqual({ v: 1 });
    expect(copy.set.has(1)).toBe(true);
  });
  it('checkpointClone shares frozen values and copies the rest', () => {
    const frozen = Object.freeze({ x: 1 });
    const state = { f: frozen, g: { y: 2 } };
    const c = checkpointClone(state);
    expect(c.f).toBe(frozen);
    expect(c.g).not.toBe(state.g);
    expect(deepClone(state).f).not.toBe(frozen);
  });
});
