/**
 * One run per key across every node, through Redis: the token refresh of a session whose
 * requests land on two web nodes at once must reach the API once, because a second use of the
 * same refresh token ends the session. The first caller claims the key (SET NX) and stores its
 * result; the others wait for it. Results are strings (the web app stores its tokens sealed).
 */
import type { Redis } from "ioredis";

export type SingleFlight = (key: string, run: () => Promise<string | null>) => Promise<string | null>;

const PENDING = "pending";
const REFUSED = "refused";

export function redisSingleFlight(redis: Redis, options: { prefix?: string; keepMs?: number; waitMs?: number } = {}): SingleFlight {
  const prefix = options.prefix ?? "konok:once";
  // Requests that still carry the old cookie find the result for a minute, like refreshOnce's memory.
  const keepMs = options.keepMs ?? 60_000;
  const waitMs = options.waitMs ?? 10_000;
  return async (key, run) => {
    const slot = `${prefix}:${key}`;
    let claimed: boolean;
    try {
      claimed = (await redis.set(slot, PENDING, "PX", waitMs, "NX")) === "OK";
    } catch {
      // Redis unreachable: one node's own single flight (the caller's memory) still holds.
      return run();
    }
    if (claimed) {
      let value: string | null;
      try {
        value = await run();
      } catch (error) {
        await redis.del(slot).catch(() => {});
        throw error;
      }
      await redis.set(slot, value === null ? REFUSED : `v:${value}`, "PX", keepMs).catch(() => {});
      return value;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const seen = await redis.get(slot);
      // The claimer failed (its error reached its own caller) or its claim expired: try again.
      if (seen === null) return run();
      if (seen !== PENDING) return seen === REFUSED ? null : seen.slice(2);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`single flight ${key}: no result after ${waitMs} ms`);
  };
}
