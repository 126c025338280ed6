/**
 * Whether the machine's own PostgreSQL and Redis answer, for the tests that need a real server of
 * each (several nodes, the write signal across nodes, shared photos, the cross-node single flight).
 * Such a test is skipped, saying why, where a server is missing (the README's commands must work
 * without them); CI has both (docs/testing.md).
 */
import { Redis } from "ioredis";
import pg from "pg";

/** Why PostgreSQL at `url` cannot be used, or null when it answers. */
export async function postgresUnreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return `PostgreSQL at ${url} is unreachable (${(error as Error).message})`;
  }
}

/** Why Redis at `url` cannot be used, or null when it answers a PING. */
export async function redisUnreachable(url: string): Promise<string | null> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis at ${url} is unreachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
}
