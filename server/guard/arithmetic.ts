/**
 * The guard's sums, apart from the store that holds the counts: which rate-limit window a moment falls in and how
 * long until the next, and whether a share of declines opens the breaker.
 */

/**
 * The fixed window `now` (whole seconds since the epoch) falls in: the second it started, which every instance
 * counts a bucket under, and the seconds until the next one starts (1 to `windowSeconds`), a refused client's
 * Retry-After.
 */
export function rateWindow(now: number, windowSeconds: number): {start: number; retryAfter: number} {
  const start = now - (now % windowSeconds);
  return {start, retryAfter: start + windowSeconds - now};
}

/**
 * Whether the breaker is open, from the payments of its window: at least `minPayments` tried, and at least
 * `percent` of them declined.
 */
export function breakerOpens(outcomes: {paid: number; failed: number}, percent: number, minPayments: number): boolean {
  const tried = outcomes.paid + outcomes.failed;
  return tried >= minPayments && outcomes.failed * 100 >= percent * tried;
}
