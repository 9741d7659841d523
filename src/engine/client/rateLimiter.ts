/**
 * client-go's per-item exponential failure rate limiter (util/workqueue default_rate_limiters.go,
 * `ItemExponentialFailureRateLimiter`) as used by `DefaultTypedControllerRateLimiter`: base 5 ms, doubling per
 * failure of the same item, capped at 1,000 s. (The default also has an overall 10 qps / 100 burst bucket, which a
 * learner's cluster never reaches.)
 */
const RATE_LIMIT_BASE_MS = 5;
const RATE_LIMIT_MAX_MS = 1_000_000;

/** The delay before the `failures`-th retry (1-based) of one item. */
export function itemBackoffMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(RATE_LIMIT_BASE_MS * 2 ** Math.min(failures - 1, 40), RATE_LIMIT_MAX_MS);
}
