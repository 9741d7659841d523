import { describe, expect, it } from 'vitest';
import { EPOCH_MS } from '../api';
import { hex8 } from '../objects/names';
import { Rng } from './Rng';
import { nanosHex } from './Simulation';

const viaBigInt = (ms: number, n: number) => (BigInt(ms) * 1_000_000n + BigInt(n)).toString(16);

describe('Event-name nanoseconds without BigInt', () => {
  it('equals the BigInt result at the edges and across the clock', () => {
    const cases: Array<[number, number]> = [
      [0, 0],
      [0, 999_999],
      [1, 0],
      [4294, 967_295],
      [4294, 967_296],
      [2 ** 32 - 1, 999_999],
      [2 ** 32, 0],
      [EPOCH_MS, 0],
      [EPOCH_MS + 3_600_000, 123_456],
    ];
    for (const [ms, n] of cases) expect(nanosHex(ms, n), `${ms} ${n}`).toBe(viaBigInt(ms, n));
    const rng = new Rng([1, 2, 3, 4]);
    for (let i = 0; i < 2_000; i++) {
      const ms = EPOCH_MS + (rng.nextUint32() % 100_000_000);
      const n = rng.nextUint32() % 1_000_000;
      expect(nanosHex(ms, n)).toBe(viaBigInt(ms, n));
    }
  });

  it('hex8 pads like toString(16).padStart(8, "0")', () => {
    for (const n of [0, 1, 0xff, 0x1000, 0xdeadbeef, 2 ** 32 - 1])
      expect(hex8(n)).toBe(n.toString(16).padStart(8, '0'));
  });
});
