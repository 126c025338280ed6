/**
 * The rate limiters behind their async interface: the memory default, and the Redis one falling
 * back to memory while Redis is unreachable (the shared count itself: tests/api/two-nodes.test.ts).
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimits, RateLimiter, RedisRateLimiter } from "../../api/services/auth/rate-limit";

describe("memory rate limiter (the embedded default)", () => {
  it("allows the limit within the window, then names the wait, and forgets on reset or when the window passes", async () => {
    const limiter = new RateLimiter(3, 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfter("k", t0 + i)).toBe(0);
      await limiter.hit("k", t0 + i);
    }
    expect(await limiter.count("k", t0 + 10)).toBe(3);
    expect(await limiter.retryAfter("k", t0 + 10)).toBe(60);
    expect(await limiter.retryAfter("k", t0 + 60_001)).toBe(0);
    await limiter.reset("k");
    expect(await limiter.count("k", t0 + 10)).toBe(0);
  });

  it("consume counts and checks in one step: of 12 parallel hits on a limit of 5, 5 pass", async () => {
    const limiter = new RateLimiter(5, 60_000);
    const waits = await Promise.all(Array.from({ length: 12 }, () => limiter.consume("k")));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0 && w <= 60)).toHaveLength(7);
    expect(await limiter.count("k")).toBe(5);
  });

  it("is what createRateLimits gives without Redis", () => {
    const limits = createRateLimits();
    expect(limits.loginFailuresPerPair).toBeInstanceOf(RateLimiter);
    expect(limits.loginFailuresPerPair.limit).toBe(10);
    expect(limits.codesPerIp.limit).toBe(300);
    expect(limits.codesPerAccount.limit).toBe(10);
    expect(limits.loginFailuresPerIp.limit).toBe(100);
  });
});

describe("Redis rate limiter while Redis is unreachable", () => {
  // Nothing listens on port 1; without an offline queue every command fails at once.
  const down = new Redis("redis://127.0.0.1:1", { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  down.on("error", () => {});
  afterAll(() => down.disconnect());

  it("keeps limiting in this process's memory instead of failing the request", async () => {
    const limiter = new RedisRateLimiter(down, 2, 60_000, "konok-test:down");
    expect(await limiter.retryAfter("k")).toBe(0);
    await limiter.hit("k");
    await limiter.hit("k");
    expect(await limiter.count("k")).toBe(2);
    expect(await limiter.retryAfter("k")).toBeGreaterThan(0);
    await limiter.reset("k");
    expect(await limiter.count("k")).toBe(0);
  });
});

describe("Redis rate limiter's consume", () => {
  const redis = new Redis("redis://127.0.0.1:6379", { enableOfflineQueue: true, maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on("error", () => {});
  const down = new Redis("redis://127.0.0.1:1", { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  down.on("error", () => {});
  afterAll(() => {
    redis.disconnect();
    down.disconnect();
  });
  const reachable = () => redis.connect().then(() => true, () => false);

  it("lets exactly the limit through when parallel requests consume at once (shared Redis)", async (context) => {
    if (!(await reachable())) return context.skip();
    const limiter = new RedisRateLimiter(redis, 5, 60_000, `konok-test-26:${process.pid}:${Date.now()}`);
    const waits = await Promise.all(Array.from({ length: 12 }, () => limiter.consume("k")));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0 && w <= 60)).toHaveLength(7);
  });

  it("falls back to memory while Redis is unreachable", async () => {
    const limiter = new RedisRateLimiter(down, 2, 60_000, "konok-test-26:down");
    expect(await limiter.consume("k")).toBe(0);
    expect(await limiter.consume("k")).toBe(0);
    expect(await limiter.consume("k")).toBeGreaterThan(0);
  });
});
