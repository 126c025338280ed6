/**
 * Rate limits behind one async interface with two stores: process memory (the embedded default,
 * enough for one node) and Redis through rate-limiter-flexible when REDIS_URL is set, so several
 * nodes behind a load balancer share one count instead of each allowing the limit (decision 0030).
 * Code sending is also limited by the codes stored in the database, which holds across nodes.
 */
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from "rate-limiter-flexible";

export interface Limiter {
  readonly limit: number;
  /** Seconds until the key may act again, or 0 when it is under the limit. */
  retryAfter(key: string): Promise<number>;
  /** Hits of the key within the window. */
  count(key: string): Promise<number>;
  hit(key: string): Promise<void>;
  /**
   * Counts one hit and answers 0 when it was within the limit, in one step: parallel requests
   * cannot all see "under the limit" before any of them counts (a `retryAfter` then `hit` can).
   * Over the limit nothing is counted and the answer is the seconds to wait.
   */
  consume(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Sliding-window counters in process memory. */
export class RateLimiter implements Limiter {
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

  async retryAfter(key: string, now = Date.now()): Promise<number> {
    const list = this.recent(key, now);
    return list.length < this.limit ? 0 : Math.ceil((list[0] + this.windowMs - now) / 1000);
  }

  async count(key: string, now = Date.now()): Promise<number> {
    return this.recent(key, now).length;
  }

  async hit(key: string, now = Date.now()): Promise<void> {
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  async consume(key: string, now = Date.now()): Promise<number> {
    // No await before the count is taken: within one process this is atomic.
    const list = this.recent(key, now);
    if (list.length >= this.limit) return Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000));
    this.hits.set(key, [...list, now]);
    return 0;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

/**
 * A fixed window in Redis (rate-limiter-flexible's counter: INCR with the window as expiry, the
 * window starting at the key's first hit). Should Redis be unreachable, its insurance limiter
 * counts in this process's memory instead: limits per node for a while, sign-in keeps working.
 */
export class RedisRateLimiter implements Limiter {
  private readonly store: RateLimiterRedis;

  constructor(
    redis: Redis,
    readonly limit: number,
    windowMs: number,
    keyPrefix: string,
  ) {
    const duration = Math.ceil(windowMs / 1000);
    this.store = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points: limit,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: limit, duration }),
    });
  }

  async retryAfter(key: string): Promise<number> {
    const state: RateLimiterRes | null = await this.store.get(key);
    return state && state.consumedPoints >= this.limit ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  async count(key: string): Promise<number> {
    return (await this.store.get(key))?.consumedPoints ?? 0;
  }

  async hit(key: string): Promise<void> {
    // penalty() adds a point without refusing, like the memory limiter's hit.
    await this.store.penalty(key, 1);
  }

  async consume(key: string): Promise<number> {
    // One INCR in Redis: atomic across nodes. A refusal arrives as a rejected RateLimiterRes.
    try {
      await this.store.consume(key, 1);
      return 0;
    } catch (refusal) {
      if (refusal instanceof Error) throw refusal;
      return Math.max(1, Math.ceil((refusal as RateLimiterRes).msBeforeNext / 1000));
    }
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }
}

export type RateLimits = {
  /** Wrong passwords per account and IP pair: 10 per 15 minutes, then 429. */
  loginFailuresPerPair: Limiter;
  /** Wrong passwords per account from anywhere: never a lock, only a growing pause (see auth routes). */
  loginFailuresPerAccount: Limiter;
  /**
   * Failed sign-ins per address: 100 per 15 minutes. Successful ones do not count: a mobile
   * carrier puts thousands of phones behind one address (carrier NAT), and its honest evening
   * must not lock out the next person; a browser that signed in to the account before passes
   * this one with its device token (api/services/auth/device.ts).
   */
  loginFailuresPerIp: Limiter;
  /** Wrong current passwords per user in change_password: 10 per 15 minutes. */
  passwordChecksPerUser: Limiter;
  /**
   * Code requests (and number lookups) per address: 300 per hour. High on purpose: a mobile
   * carrier puts thousands of phones behind one address (carrier NAT), so this only stops a
   * single machine; per number and per account are the tight limits (codes.ts).
   */
  codesPerIp: Limiter;
  /** Code requests (and "already registered" answers) per signed-in account: 10 per hour. */
  codesPerAccount: Limiter;
  /**
   * Challenges given to an address over codesPerIp this hour: each makes the next one's wait
   * longer and its work harder (code-challenge.ts). Counted, never refused.
   */
  codeChallengesPerIp: Limiter;
  /** Challenges redeemed, by their nonce: each once (kept longer than any challenge lives). */
  codeChallengesSpent: Limiter;
};

const LIMITS: Record<keyof RateLimits, { limit: number; windowMs: number }> = {
  loginFailuresPerPair: { limit: 10, windowMs: 15 * 60_000 },
  // Redis counts with 32-bit-safe points; the memory limiter takes any number.
  loginFailuresPerAccount: { limit: 2 ** 31 - 1, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { limit: 100, windowMs: 15 * 60_000 },
  passwordChecksPerUser: { limit: 10, windowMs: 15 * 60_000 },
  codesPerIp: { limit: 300, windowMs: 60 * 60_000 },
  codesPerAccount: { limit: 10, windowMs: 60 * 60_000 },
  codeChallengesPerIp: { limit: 2 ** 31 - 1, windowMs: 60 * 60_000 },
  codeChallengesSpent: { limit: 1, windowMs: 20 * 60_000 },
};

export type RateLimitStore = {
  /** A connected ioredis client; without it the limits live in this process's memory. */
  redis?: Redis;
  /** Prefix of every Redis key (`konok:rl` by default); tests use their own per run. */
  keyPrefix?: string;
};

export function createRateLimits(store: RateLimitStore = {}): RateLimits {
  const prefix = store.keyPrefix ?? "konok:rl";
  const make = (name: keyof RateLimits): Limiter => {
    const { limit, windowMs } = LIMITS[name];
    return store.redis ? new RedisRateLimiter(store.redis, limit, windowMs, `${prefix}:${name}`) : new RateLimiter(limit, windowMs);
  };
  return {
    loginFailuresPerPair: make("loginFailuresPerPair"),
    loginFailuresPerAccount: make("loginFailuresPerAccount"),
    loginFailuresPerIp: make("loginFailuresPerIp"),
    passwordChecksPerUser: make("passwordChecksPerUser"),
    codesPerIp: make("codesPerIp"),
    codesPerAccount: make("codesPerAccount"),
    codeChallengesPerIp: make("codeChallengesPerIp"),
    codeChallengesSpent: make("codeChallengesSpent"),
  };
}

/**
 * The Redis client for REDIS_URL. Commands fail fast while it is disconnected (no offline queue),
 * so a Redis outage falls to the insurance limiter at once instead of stalling sign-in.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on("error", (error: Error) => console.error(`Redis (rate limits): ${error.message}`));
  return redis;
}
