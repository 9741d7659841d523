/**
 * Wall-clock renderings of virtual timestamps (UTC fields from util/calendar.ts: no host clock, no time zone). Virtual ms are offset by EPOCH_MS (api.ts).
 * Formats are Go's: time.RFC3339 (metav1.Time JSON, always UTC "Z"), RFC3339 with microseconds
 * (metav1.MicroTime: "2006-01-02T15:04:05.000000Z07:00") and time.RFC1123Z ("Mon, 02 Jan 2006 15:04:05 -0700"),
 * which kubectl describe prints. Real kubectl prints describe times in the machine's local zone; we pin UTC.
 */
import { EPOCH_MS } from '../api';
import { utcFields } from '../util/calendar';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Absolute epoch ms → UTC calendar fields. */
export const civilFromEpochMs = utcFields;

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
  const micros = String(c.ms * 1000).padStart(6, '0');
  return `${p4(c.year)}-${p2(c.month)}-${p2(c.day)}T${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)}.${micros}Z`;
}

/** `2026-01-15T09:00:03.25Z` (Go time.RFC3339Nano: no trailing zeros), as `kubectl logs --timestamps` prints. */
export function formatRFC3339Nano(virtualMs: number): string {
  const c = civilFromEpochMs(EPOCH_MS + virtualMs);
  const frac = c.ms ? `.${String(c.ms).padStart(3, '0').replace(/0+$/, '')}` : '';
  return `${p4(c.year)}-${p2(c.month)}-${p2(c.day)}T${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)}${frac}Z`;
}

/** `Thu, 15 Jan 2026 09:00:03 +0000` (Go time.RFC1123Z), as `kubectl describe` prints Start Time etc. */
export function formatRFC1123Z(virtualMs: number): string {
  const c = civilFromEpochMs(EPOCH_MS + virtualMs);
  return `${WEEKDAYS[c.weekday]}, ${p2(c.day)} ${MONTHS[c.month - 1]} ${p4(c.year)} ${p2(c.hour)}:${p2(c.minute)}:${p2(c.second)} +0000`;
}
