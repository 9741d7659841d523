import { describe, it, expect } from 'vitest';
import { civilFromEpochMs, formatRFC1123Z, formatRFC3339, formatRFC3339Micro } from './timeFormat';

describe('time formatting from virtual ms', () => {
  it('renders the epoch (2026-01-15T09:00:00Z, a Thursday)', () => {
    expect(formatRFC3339(0)).toBe('2026-01-15T09:00:00Z');
    expect(formatRFC1123Z(0)).toBe('Thu, 15 Jan 2026 09:00:00 +0000');
  });

  it('truncates to seconds for RFC 3339 and keeps microseconds for MicroTime', () => {
    expect(formatRFC3339(3999)).toBe('2026-01-15T09:00:03Z');
    expect(formatRFC3339Micro(3250)).toBe('2026-01-15T09:00:03.250000Z');
    expect(formatRFC1123Z(3000)).toBe('Thu, 15 Jan 2026 09:00:03 +0000');
  });

  it('crosses day, month, year and leap-day boundaries', () => {
    expect(formatRFC3339(15 * 3_600_000)).toBe('2026-01-16T00:00:00Z');
    expect(formatRFC1123Z(-5 * 86_400_000)).toBe('Sat, 10 Jan 2026 09:00:00 +0000');
    expect(formatRFC3339(-15 * 86_400_000 - 9 * 3_600_000)).toBe('2025-12-31T00:00:00Z');
    const c = civilFromEpochMs(Date.UTC(2028, 1, 29, 23, 59, 59));
    expect([c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday]).toEqual([2028, 2, 29, 23, 59, 59, 2]);
  });

  it('agrees with Date.UTC over a range of instants', () => {
    for (let y = 1999; y <= 2031; y += 4) {
      for (const m of [0, 1, 2, 11]) {
        const ms = Date.UTC(y, m, 28, 13, 7, 9);
        const c = civilFromEpochMs(ms);
        expect([c.year, c.month, c.day, c.hour, c.minute, c.second]).toEqual([y, m + 1, 28, 13, 7, 9]);
      }
    }
  });
});
