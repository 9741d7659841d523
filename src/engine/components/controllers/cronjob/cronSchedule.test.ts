// Schedules as github.com/robfig/cron/v3 (ParseStandard, SpecSchedule.Next) reads them for
// pkg/controller/cronjob/cronjob_controllerv2.go.
import { describe, expect, it } from 'vitest';
import { nextAfter, parseSchedule, zoneOffsetMinutes } from './cronSchedule';

const at = (iso: string) => Date.parse(iso);
const next = (spec: string, iso: string, off = 0) => nextAfter(parseSchedule(spec), at(iso), off);

describe('cron schedule', () => {
  it('steps, ranges, lists and names', () => {
    expect(next('*/1 * * * *', '2026-01-15T09:00:00Z')).toBe(at('2026-01-15T09:01:00Z'));
    expect(next('*/15 * * * *', '2026-01-15T09:00:30Z')).toBe(at('2026-01-15T09:15:00Z'));
    expect(next('0 9-17/4 * * *', '2026-01-15T09:00:00Z')).toBe(at('2026-01-15T13:00:00Z'));
    expect(next('30 8 * * MON,fri', '2026-01-15T09:00:00Z')).toBe(at('2026-01-16T08:30:00Z')); // a Friday
    expect(next('0 0 1 JAN *', '2026-01-15T09:00:00Z')).toBe(at('2027-01-01T00:00:00Z'));
  });

  it('day of month OR day of week when both are restricted, AND when one is a star', () => {
    expect(next('0 0 13 * 5', '2026-01-15T09:00:00Z')).toBe(at('2026-01-16T00:00:00Z')); // Friday 16th
    expect(next('0 0 * * 5', '2026-01-15T09:00:00Z')).toBe(at('2026-01-16T00:00:00Z'));
    expect(next('0 0 13 * *', '2026-01-15T09:00:00Z')).toBe(at('2026-02-13T00:00:00Z'));
  });

  it('descriptors and @every', () => {
    expect(next('@hourly', '2026-01-15T09:00:00Z')).toBe(at('2026-01-15T10:00:00Z'));
    expect(next('@daily', '2026-01-15T09:00:00Z')).toBe(at('2026-01-16T00:00:00Z'));
    expect(next('@every 90s', '2026-01-15T09:00:00.400Z')).toBe(at('2026-01-15T09:01:30Z'));
  });

  it('time zones with a fixed offset', () => {
    expect(zoneOffsetMinutes('Asia/Taipei')).toBe(480);
    expect(zoneOffsetMinutes('Etc/GMT+5')).toBe(-300);
    expect(zoneOffsetMinutes('Europe/Paris')).toBeUndefined();
    // 09:00 UTC is 17:00 in Taipei: the next 18:00 there is 10:00 UTC.
    expect(next('0 18 * * *', '2026-01-15T09:00:00Z', 480)).toBe(at('2026-01-15T10:00:00Z'));
  });

  it("rejects what robfig's parser rejects, with its messages", () => {
    expect(() => parseSchedule('* * * *')).toThrow('expected exactly 5 fields, found 4: [* * * *]');
    expect(() => parseSchedule('60 * * * *')).toThrow('end of range (60) above maximum (59): 60');
    expect(() => parseSchedule('* * * * 7')).toThrow('end of range (7) above maximum (6): 7');
    expect(() => parseSchedule('@fortnightly')).toThrow('unrecognized descriptor: @fortnightly');
  });
});
