/**
 * `duration.HumanDuration` (k8s.io/apimachinery/pkg/util/duration/duration.go) and the printers'
 * `translateTimestampSince` wrapper (pkg/printers/internalversion/printers.go, kubectl pkg/describe).
 * Input is milliseconds; Go works in nanoseconds but every branch truncates to whole seconds or coarser.
 */

/** Go's `int(x)` truncates toward zero. */
const trunc = (x: number): number => (x < 0 ? Math.ceil(x) : Math.floor(x));

export function humanDuration(ms: number): string {
  // "Allow deviation no more than 2 seconds(excluded) to tolerate machine time inconsistence".
  const seconds = trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = trunc(ms / 60_000);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = trunc(ms / 3_600_000);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${trunc(hours / 24)}d` : `${trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = trunc(hours / 24) % 365;
    return dy === 0 ? `${trunc(hours / 24 / 365)}y` : `${trunc(hours / 24 / 365)}y${dy}d`;
  }
  return `${trunc(hours / 24 / 365)}y`;
}

/**
 * Age of a timestamp at virtual time `now` (both virtual ms). Missing → `<unknown>` (Go's zero time).
 * metav1.Time travels as RFC 3339 with whole seconds, so kubectl only ever sees the timestamp truncated to the
 * second; we truncate the same way (EPOCH_MS is a whole second, so truncating virtual ms is equivalent).
 * Pass `micro` for metav1.MicroTime fields (eventTime, lease renewTime), which keep sub-second precision.
 */
export function translateTimestampSince(ts: number | null | undefined, now: number, micro = false): string {
  if (ts === null || ts === undefined || Number.isNaN(ts)) return '<unknown>';
  const t = micro ? ts : Math.floor(ts / 1000) * 1000;
  return humanDuration(now - t);
}
