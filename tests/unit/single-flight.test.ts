/**
 * The cross-node single flight of token refreshes (server/single-flight.ts) on a real Redis at
 * REDIS_TEST_URL (or redis://127.0.0.1:6379), each "node" with its own connection; skipped, saying
 * so, when Redis is not running.
 */
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { redisSingleFlight } from "../../server/single-flight";
import { redisUnreachable } from "../support/services";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

const missing = await redisUnreachable(REDIS_URL);
const up = missing === null;
if (missing) console.warn(`single-flight.test.ts skipped: ${missing}`);

describe.skipIf(!up)("single flight across nodes through Redis", () => {
  const prefix = `konok-test:once:${crypto.randomBytes(4).toString("hex")}`;
  const clients = up ? [new Redis(REDIS_URL), new Redis(REDIS_URL)] : [];
  const [nodeA, nodeB] = clients.map((redis) => redisSingleFlight(redis, { prefix, waitMs: 3000 }));

  afterAll(async () => {
    const keys = await clients[0].keys(`${prefix}:*`);
    if (keys.length) await clients[0].del(...keys);
    clients.forEach((c) => c.disconnect());
  });

  it("runs once for two nodes asking at the same moment, and both get the one result", async () => {
    let runs = 0;
    const refresh = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return `tokens-${runs}`;
    };
    const results = await Promise.all([nodeA("k1", refresh), nodeB("k1", refresh)]);
    expect(runs).toBe(1);
    expect(results).toEqual(["tokens-1", "tokens-1"]);
    // A request that still carries the old cookie a moment later gets the same answer.
    expect(await nodeB("k1", refresh)).toBe("tokens-1");
    expect(runs).toBe(1);
  });

  it("shares a refusal, and lets another node try when the first one failed", async () => {
    let runs = 0;
    expect(await Promise.all([nodeA("k2", async () => (runs++, null)), nodeB("k2", async () => (runs++, null))])).toEqual([null, null]);
    expect(runs).toBe(1);

    const failing = nodeA("k3", async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error("API unreachable");
    });
    // Node B asks once node A holds the claim (two connections give no order of their own).
    await new Promise((resolve) => setTimeout(resolve, 30));
    const other = nodeB("k3", async () => "tokens-b");
    await expect(failing).rejects.toThrow("API unreachable");
    expect(await other).toBe("tokens-b");
  });
});
