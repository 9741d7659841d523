import { describe, expect, it } from 'vitest';
import { CRASHLOOP_BACKOFF, goDuration, inBackoffSince, nextBackoff, type BackoffEntry } from './Backoff';

describe('kubelet back-off (client-go flowcontrol.Backoff)', () => {
  it('10s, 20s, 40s, 80s, 160s, 300s, 300s', () => {
    let e: BackoffEntry | undefined;
    const periods: number[] = [];
    for (let i = 0; i < 7; i++) {
      e = nextBackoff(e, i * 1000, CRASHLOOP_BACKOFF);
      periods.push(e.period / 1000);
    }
    expect(periods).toEqual([10, 20, 40, 80, 160, 300, 300]);
  });
  it('starts over after 2 × max without an update', () => {
    const e = nextBackoff(nextBackoff(undefined, 0, CRASHLOOP_BACKOFF), 1000, CRASHLOOP_BACKOFF);
    expect(nextBackoff(e, 1000 + 600_001, CRASHLOOP_BACKOFF).period).toBe(10_000);
  });
  it('is in back-off while now − eventTime < period', () => {
    const e = nextBackoff(undefined, 0, CRASHLOOP_BACKOFF);
    expect(inBackoffSince(e, 0, 9_999, CRASHLOOP_BACKOFF)).toBe(true);
    expect(inBackoffSince(e, 0, 10_000, CRASHLOOP_BACKOFF)).toBe(false);
    expect(inBackoffSince(undefined, 0, 1, CRASHLOOP_BACKOFF)).toBe(false);
  });
  it('prints durations like Go', () => {
    expect([10_000, 80_000, 160_000, 300_000].map(goDuration)).toEqual(['10s', '1m20s', '2m40s', '5m0s']);
  });
});
