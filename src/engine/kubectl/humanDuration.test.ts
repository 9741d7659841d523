import { describe, it, expect } from 'vitest';
import { humanDuration, translateTimestampSince } from './humanDuration';

const s = (n: number): number => n * 1000;

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  it.each([
    [s(-3), '<invalid>'],
    [s(-2), '<invalid>'],
    [-1500, '0s'],
    [s(-1), '0s'],
    [0, '0s'],
    [999, '0s'],
    [s(5), '5s'],
    [s(90), '90s'],
    [s(119), '119s'],
    [s(120), '2m'],
    [s(123), '2m3s'],
    [s(599), '9m59s'],
    [s(600), '10m'],
    [s(150 * 60), '150m'],
    [s(179 * 60 + 59), '179m'],
    [s(3 * 3600), '3h'],
    [s(3 * 3600 + 5 * 60), '3h5m'],
    [s(7 * 3600 + 59 * 60), '7h59m'],
    [s(8 * 3600), '8h'],
    [s(47 * 3600), '47h'],
    [s(48 * 3600), '2d'],
    [s(76 * 3600), '3d4h'],
    [s(8 * 86400), '8d'],
    [s(729 * 86400), '729d'],
    [s(730 * 86400), '2y'],
    [s(731 * 86400), '2y1d'],
    [s(8 * 365 * 86400), '8y'],
  ])('%d ms → %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });
});

describe('translateTimestampSince', () => {
  it('prints <unknown> for a missing timestamp', () => {
    expect(translateTimestampSince(undefined, 1000)).toBe('<unknown>');
    expect(translateTimestampSince(null, 1000)).toBe('<unknown>');
  });

  it('truncates the timestamp to whole seconds, as metav1.Time does on the wire', () => {
    // created at 3.7s (serialised as :03), now 10.2s → 7.2s → "7s"
    expect(translateTimestampSince(3700, 10_200)).toBe('7s');
    expect(translateTimestampSince(3700, 10_200, true)).toBe('6s');
  });

  it('handles timestamps before the run started', () => {
    expect(translateTimestampSince(-5 * 86_400_000, 45_000)).toBe('5d');
  });
});
