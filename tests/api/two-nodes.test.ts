/**
 * Two API nodes on one PostgreSQL database and one Redis (issue 16, "Several nodes"): each node has
 * its own database pool, its own Redis connection and its own limiter objects, and they share only
 * what production nodes share. Wrong passwords beyond the limit are refused whichever node answers,
 * and a refresh token is accepted once across both. Needs PostgreSQL at TEST_DATABASE_URL (or
 * postgres://postgres@127.0.0.1:5432/test) and Redis at REDIS_TEST_URL (or redis://127.0.0.1:6379);
 * skipped, saying so, when either is unreachable.
 */
import crypto from "node:crypto";
import pg from "pg";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { openDatabase, type Database } from "../../api/db/client";
import { users } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/password";
import { createRateLimits } from "../../api/services/auth/rate-limit";
import { postgresUnreachable, redisUnreachable } from "../support/services";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

async function reachable(): Promise<string | null> {
  return (await postgresUnreachable(PG_URL)) ?? (await redisUnreachable(REDIS_URL));
}

const missing = await reachable();
if (missing) console.warn(`two-nodes.test.ts skipped: ${missing}`);

type Node = { api: ReturnType<typeof createApi>; database: Database; redis: Redis };

describe.skipIf(missing !== null)("two API nodes sharing PostgreSQL and Redis", () => {
  const runId = crypto.randomBytes(4).toString("hex");
  const dbName = `konok_nodes_${runId}`;
  const nodes: Node[] = [];
  const auth = { secret: crypto.randomBytes(32).toString("hex"), accessTtlSeconds: 900, refreshTtlSeconds: 86_400 };

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    for (let i = 0; i < 2; i++) {
      // The first opening migrates; the second finds the schema in place, like a second node starting.
      const database = await openDatabase({ url: url.toString() });
      const redis = new Redis(REDIS_URL);
      const limits = createRateLimits({ redis, keyPrefix: `konok-test:${runId}` });
      nodes.push({ api: createApi({ db: database.db, auth, limits }), database, redis });
    }
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes) {
      const keys = await node.redis.keys(`konok-test:${runId}:*`);
      if (keys.length) await node.redis.del(...keys);
      node.redis.disconnect();
      await node.database.close();
    }
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  const post = async (node: Node, path: string, body: unknown, ip = "10.16.0.1") => {
    const response = await node.api.fetch(
      new Request(`http://konok.test${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": ip }, body: JSON.stringify(body) }),
    );
    return { status: response.status, body: (await response.json()) as { data: { token: string; refreshToken: string } }, headers: response.headers };
  };

  async function account(phone: string) {
    await nodes[0].database.db.insert(users).values({ phone, passwordHash: await hashPassword("correct horse battery"), firstName: "Нурлан", referralCode: `N${phone.slice(-6)}${runId}` });
  }

  it("refuses wrong passwords beyond the limit (10 per account and address) whichever node answers", async () => {
    const phone = `9965571${runId.slice(0, 4).replace(/\D/g, "1").padEnd(4, "1")}${"1"}`;
    await account(phone);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post(nodes[i % 2], "/api/login", { phoneNumber: phone, password: `wrong ${i}` })).status);
    // Each node alone has seen only 6 failures: a per-node count would still say 422.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the pause on either node, from this address…
    const blocked = await post(nodes[1], "/api/login", { phoneNumber: phone, password: "correct horse battery" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // …while the owner from another address signs in on either node (decision 0017).
    expect((await post(nodes[0], "/api/login", { phoneNumber: phone, password: "correct horse battery" }, "10.16.0.2")).status).toBe(200);
  }, 60_000);

  it("accepts one refresh token once across both nodes, also when both nodes get it at the same moment", async () => {
    const phone = `9965571${runId.slice(0, 4).replace(/\D/g, "1").padEnd(4, "1")}${"2"}`;
    await account(phone);
    const login = await post(nodes[0], "/api/login", { phoneNumber: phone, password: "correct horse battery" }, "10.16.0.3");
    expect(login.status).toBe(200);
    const token = login.body.data.refreshToken;
    const [a, b] = await Promise.all([post(nodes[0], "/api/refresh/token", { refreshToken: token }), post(nodes[1], "/api/refresh/token", { refreshToken: token })]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    // The second use looked like a stolen token, so the whole session ended on both nodes.
    const winner = a.status === 200 ? a : b;
    expect((await post(nodes[1], "/api/refresh/token", { refreshToken: winner.body.data.refreshToken })).status).toBe(401);

    // A plain sequential second use on the other node is refused too.
    const again = await post(nodes[1], "/api/login", { phoneNumber: phone, password: "correct horse battery" }, "10.16.0.3");
    const first = await post(nodes[0], "/api/refresh/token", { refreshToken: again.body.data.refreshToken });
    expect(first.status).toBe(200);
    expect((await post(nodes[1], "/api/refresh/token", { refreshToken: again.body.data.refreshToken })).status).toBe(401);
  }, 60_000);
});
