/**
 * Wall-clock renderings of virtual timestamps, with integer calendar math (no Date objects: the engine must stay
 * free of host clocks and time zones). Virtual ms are offset by EPOCH_MS (api.ts).
 * Formats are Go's: time.RFC3339 (metav1.Time JSON, always UTC "Z"), RFC3339 with microseconds
 * (metav1.MicroTime: "2006-01-02T15:04:05.000000Z07:00") and time.RFC1123Z ("Mon, 02 Jan 2006 15:04:05 -0700"),
 * which kubectl describe prints. Real kubectl prints describe times in the machine's local zone; we pin UTC.
 */
import { EPOCH_MS } from '../api';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface CivilTime {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number; // 0 = Sunday
}

/** Split absolute epoch ms into UTC calendar fields (Howard Hinnant's civil_from_days). */
export function civilFromEpochMs(epochMs: number): CivilTime {
  const totalMs = Math.floor(epochMs);
  const days = Math.floor(totalMs / 86_400_000);
  let rem = totalMs - days * 86_400_000;
  const hour = Math.floor(rem / 3_600_000);
  rem -= hour * 3_600_000;
  const minute = Math.floor(rem / 60_000);
  rem -= minute * 60_000;
  const second = Math.floor(rem / 1000);
  const millisecond = rem - second * 1000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const weekday = (((days + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  return { year, month, day, hour, minute, second, millisecond, weekday };
}

const p2 = (n: number): string => String(n).padStart(2, '0');
const p4 = (n: number): string => String(n).padStart(4, '0');

/** `2026-01-15T09:00:03Z` (metav1.Time marshals UTC, whole seconds). */
export function formatRFC3339(virtualMs: number): string {
  const c = civilFromEpochMs(EPOCH_MS + virtualMs);
  return `${p4(c.year)}-${p2(c.month)}-${p2(c.day)}T${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)}Z`;
}

/** `2026-01-15T09:00:03.250000Z` (metav1.MicroTime: lease renewTime/acquireTime, event eventTime). */
export function formatRFC3339Micro(virtualMs: number): string {
  const c = civilFromEpochMs(EPOCH_MS + virtualMs);
  const micros = String(c.millisecond * 1000).padStart(6, '0');
  return `${p4(c.year)}-${p2(c.month)}-${p2(c.day)}T${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)}.${micros}Z`;
}

/** `2026-01-15T09:00:03.25Z` (Go time.RFC3339Nano: no trailing zeros), as `kubectl logs --timestamps` prints. */
export function formatRFC3339Nano(virtualMs: number): string {
  const c = civilFromEpochMs(EPOCH_MS + virtualMs);
  const frac = c.millisecond ? `.${String(c.millisecond).padStart(3, '0').replace(/0+$/, '')}` : '';
  return `${p4(c.year)}-${p2(c.month)}-${p2(c.day)}T${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)}${frac}Z`;
}

/** `Thu, 15 Jan 2026 09:00:03 +0000` (Go time.RFC1123Z), as `kubectl describe` prints Start Time etc. */
export function formatRFC1123Z(virtualMs: number): string {
  const c = civilFromEpochMs(EPOCH_MS + virtualMs);
  return `${WEEKDAYS[c.weekday]}, ${p2(c.day)} ${MONTHS[c.month - 1]} ${p4(c.year)} ${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)} +0000`;
}
