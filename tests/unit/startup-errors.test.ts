/**
 * A misconfigured database names the setting and the real reason in one line, instead of
 * drizzle's `Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"` or PGlite's `Aborted()`.
 * The PostgreSQL cases need the test server (TEST_DATABASE_URL's host) for the missing database.
 */
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { databaseStartError } from "../../server/index";

async function startError(url: string): Promise<string> {
  const error = await openDatabase({ url }).then(
    (db) => db.close().then(() => null),
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return databaseStartError({ DATABASE_URL: url, dataDir: "/data" }, error);
}

describe("start-up errors name the setting and the reason", () => {
  it("a closed port", { timeout: 30_000 }, async () => {
    expect(await startError("postgres://postgres@127.0.0.1:1/konok")).toBe("Cannot open DATABASE_URL (127.0.0.1:1/konok): the connection was refused (is PostgreSQL running on that port?)");
  });

  it("an unknown host", { timeout: 30_000 }, async () => {
    expect(await startError("postgres://postgres@no-such-host.invalid:5432/konok")).toBe("Cannot open DATABASE_URL (no-such-host.invalid:5432/konok): the host name is unknown");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("a database that does not exist", { timeout: 30_000 }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/konok_no_such_database";
    expect(await startError(url.toString())).toMatch(/^Cannot open DATABASE_URL \(.+\/konok_no_such_database\): the database does not exist \(create it first\)$/);
  });

  // The error's shape as PGlite gives it; the real thing (a read-only folder, opened as another
  // user than its owner) is in tests/api/read-only-database.test.ts.
  it("read-only database files", () => {
    const error = Object.assign(new Error("Aborted()"), { cause: Object.assign(new Error("EROFS: read-only file system"), { code: "EROFS" }) });
    expect(databaseStartError({ DATABASE_URL: undefined, dataDir: "/data" }, error)).toMatch(/^Cannot open the database in DATA_DIR \(\/data\/pglite\): its files are not writable by this process/);
  });
});
