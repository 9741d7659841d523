/**
 * The one calendar function: UTC fields of an epoch time. `new Date(ms)` with the `getUTC*` getters is as
 * deterministic as the arithmetic it replaces (no host clock, no time zone); only the argument-less `new Date()` and
 * `Date.now()`, which read the host clock, are banned from the engine.
 */
export interface UtcFields {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** 0 = Sunday. */
  weekday: number;
}

export function utcFields(epochMs: number): UtcFields {
  const d = new Date(Math.floor(epochMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}
