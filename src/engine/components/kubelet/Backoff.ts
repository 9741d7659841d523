/**
 * client-go flowcontrol.Backoff as the kubelet uses it (no jitter): the first Next() creates the entry at the
 * initial period; each later Next() doubles it up to max; an entry idle for more than 2×max starts over.
 */
export interface BackoffEntry {
  period: number;
  lastUpdate: number;
}

export const IMAGE_BACKOFF = { initial: 10_000, max: 300_000 };
export const CRASHLOOP_BACKOFF = { initial: 10_000, max: 300_000 };

export function nextBackoff(
  entry: BackoffEntry | undefined,
  at: number,
  cfg: { initial: number; max: number },
): BackoffEntry {
  if (!entry || at - entry.lastUpdate > 2 * cfg.max) return { period: cfg.initial, lastUpdate: at };
  return { period: Math.min(entry.period * 2, cfg.max), lastUpdate: at };
}

/** IsInBackOffSince(eventTime): now − eventTime < period, unless the entry has expired. */
export function inBackoffSince(
  entry: BackoffEntry | undefined,
  eventTime: number,
  now: number,
  cfg: { max: number },
): boolean {
  if (!entry) return false;
  if (eventTime - entry.lastUpdate > 2 * cfg.max) return false;
  return now - eventTime < entry.period;
}

/** Go's time.Duration String() for whole seconds: 10s, 1m20s, 5m0s. */
export function goDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}m${s % 60}s`;
}
