/**
 * Seeded pseudo-random numbers owned by a run (sfc32). The state is four uint32s so that checkpoints can copy it.
 * Each purpose (names, uids, jitter, scheduler ties…) draws from its own stream, so adding a draw in one place
 * does not reshuffle every generated name in the golden traces.
 */
export type RngState = [number, number, number, number];

export class Rng {
  constructor(public state: RngState) {}

  static fromSeed(seed: number, stream: string): Rng {
    // Mix the seed with the stream name (FNV-1a) so streams are independent.
    let h = 0x811c9dc5 ^ (seed >>> 0);
    for (let i = 0; i < stream.length; i++) {
      h ^= stream.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    const rng = new Rng([0x9e3779b9, h >>> 0, (seed * 0x85ebca6b) >>> 0, 0xc2b2ae35 ^ h]);
    for (let i = 0; i < 16; i++) rng.nextUint32();
    return rng;
  }

  nextUint32(): number {
    const s = this.state;
    const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
    s[3] = (s[3] + 1) >>> 0;
    s[0] = s[1] ^ (s[1] >>> 9);
    s[1] = (s[2] + (s[2] << 3)) >>> 0;
    s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
    s[2] = (s[2] + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  intn(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
}
