/**
 * Fixed-window counters in process memory. Enough for one node; several nodes behind a load
 * balancer would each allow the limit (documented in docs/operations.md). Code sending is also
 * limited by the codes stored in the database, which holds across nodes.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** Seconds until the key may act again, or 0 when it is under the limit. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    return list.length < this.limit ? 0 : Math.ceil((list[0] + this.windowMs - now) / 1000);
  }

  /** Hits of the key within the window. */
  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  hit(key: string, now = Date.now()): void {
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}

export type RateLimits = {
  /** Wrong passwords per account and IP pair: 10 per 15 minutes, then 429. */
  loginFailuresPerPair: RateLimiter;
  /** Wrong passwords per account from anywhere: never a lock, only a growing pause (see auth routes). */
  loginFailuresPerAccount: RateLimiter;
  /** Login attempts per IP: 50 per 15 minutes. */
  loginPerIp: RateLimiter;
  /** Wrong current passwords per user in change_password: 10 per 15 minutes. */
  passwordChecksPerUser: RateLimiter;
  /** Code requests (and number lookups) per IP: 10 per hour. */
  codesPerIp: RateLimiter;
};

export const createRateLimits = (): RateLimits => ({
  loginFailuresPerPair: new RateLimiter(10, 15 * 60_000),
  loginFailuresPerAccount: new RateLimiter(Number.MAX_SAFE_INTEGER, 15 * 60_000),
  loginPerIp: new RateLimiter(50, 15 * 60_000),
  passwordChecksPerUser: new RateLimiter(10, 15 * 60_000),
  codesPerIp: new RateLimiter(10, 60 * 60_000),
});
