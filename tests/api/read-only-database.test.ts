/**
 * A database that takes no writes (issue 11): a standby after a failover, an operator's
 * `default_transaction_read_only`, a user with SELECT only, read-only files. Reads go on; a write
 * is a 503 with Retry-After and a message in the request's language, never a 500 with a stack.
 * On PGlite the one session is switched to read-only transactions; on PostgreSQL the database is
 * (`ALTER DATABASE … SET default_transaction_read_only`), and the pool's connections are ended so
 * it reconnects, as after a failover. Start-up as a SELECT-only user, and PGlite on files this
 * process may not write (as the user `nobody`: the tests run as root, who may write anything),
 * give one line naming the setting and the reason.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { message } from "../../api/lib/messages";
import { hashPassword } from "../../api/lib/password";
import { databaseStartError } from "../../server/index";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const serverUrl = process.env.TEST_DATABASE_URL;

/** The test database's name on the PostgreSQL server. */
let databaseName = "";
beforeAll(async () => {
  if (t.engine === "postgres") databaseName = (await t.db.execute<{ name: string }>(sql`SELECT current_database() AS name`)).rows[0].name;
});

async function admin<T>(run: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(serverUrl!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Makes the test database read-only (or writable again) for every connection from now on. */
async function setReadOnly(on: boolean) {
  if (t.engine === "pglite") {
    await t.db.execute(sql.raw(`SET default_transaction_read_only = ${on ? "on" : "off"}`));
    return;
  }
  const name = databaseName;
  await admin(async (client) => {
    await client.query(`ALTER DATABASE ${name} ${on ? "SET default_transaction_read_only = on" : "RESET default_transaction_read_only"}`);
    // The pool's connections keep the old setting: end them, as a failover does; the pool reconnects.
    await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  });
  // The pool learns of each ended connection from its socket; until then a query may meet one (a
  // 503 too, 57P01). Let it notice, then go through its connections once.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let round = 0; round < 2; round++) await Promise.all(Array.from({ length: 10 }, () => t.db.execute(sql`SELECT 1`).catch(() => null)));
}

const call = async (method: string, url: string, body?: unknown, locale = "en", token?: string) => {
  const response = await t.api.fetch(
    new Request(`http://konok.test${url}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        "Accept-Language": locale,
        "X-Forwarded-For": `10.66.0.${Math.floor(Math.random() * 250)}`,
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as { success: boolean; message?: string; data?: unknown } };
};

describe("a database that takes no writes", () => {
  afterAll(async () => {
    await setReadOnly(false).catch(() => {});
  });

  it("answers every write with 503, Retry-After and a translated message, and keeps serving reads", { timeout: 60_000 }, async () => {
    const estate = await t.make.estate();
    const user = await t.make.user({ passwordHash: await hashPassword("correct horse battery") });
    expect((await call("GET", `/api/v1/guest/estate/${estate.slug}`)).status).toBe(200);
    const signedIn = await call("POST", "/api/login", { phoneNumber: user.phone, password: "correct horse battery" });
    expect(signedIn.status).toBe(200);
    const token = (signedIn.body.data as { token: string }).token;

    const logged: unknown[][] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await setReadOnly(true);
      // Reads: an estate page's data, the search, the directory, the signed-in person's own list.
      expect((await call("GET", `/api/v1/guest/estate/${estate.slug}`)).status).toBe(200);
      const found = await call("POST", "/api/v1/guest/estate", { perPage: 5 });
      if (found.status !== 200) originalError(logged);
      expect(found.status).toBe(200);
      expect((await call("GET", "/api/v1/guest/types")).status).toBe(200);
      expect((await call("GET", "/api/v1/favorites", undefined, "en", token)).status).toBe(200);

      // Writes: a code sent by SMS (a row in the outbox), a sign-in (a session row), a saved estate.
      for (const locale of ["ru", "en", "ky"] as const) {
        const writes = [
          await call("POST", "/api/register/send_code", { phoneNumber: `99677${String(Date.now()).slice(-7)}` }, locale),
          await call("POST", "/api/login", { phoneNumber: user.phone, password: "correct horse battery" }, locale),
          await call("POST", `/api/v1/favorites/${estate.id}`, undefined, locale, token),
        ];
        for (const answer of writes) {
          expect(answer.status, answer.text).toBe(503);
          expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
          expect(answer.body).toEqual({ success: false, message: message(locale, "readOnly") });
          expect(answer.text).not.toMatch(/read-only transaction|permission denied|at .*\.(ts|js):\d+/);
        }
      }
      // The operator learns why, with the database's own words.
      expect(logged.some((args) => args.some((a) => String(a instanceof Error ? `${a.message} ${String(a.cause)}` : a).match(/read-only transaction/)))).toBe(true);
    } finally {
      console.error = originalError;
      await setReadOnly(false);
    }
    // Writable again: the same write goes through.
    expect((await call("POST", "/api/register/send_code", { phoneNumber: `99677${String(Date.now()).slice(-7)}` })).status).toBe(200);
  });
});

describe.skipIf(!serverUrl)("PostgreSQL with a user who may only read", () => {
  const role = `konok_reader_${process.pid}`;
  afterAll(async () => {
    // Its grants live in the test database: dropped there, then the role itself.
    await admin((client) => client.query(`DROP OWNED BY ${role}`), databaseName);
    await admin((client) => client.query(`DROP ROLE IF EXISTS ${role}`));
  });

  it("starting the server as that user names DATABASE_URL and the reason in one line", { timeout: 60_000 }, async () => {
    const name = databaseName;
    await t.db.execute(sql.raw(`CREATE ROLE ${role} LOGIN`));
    await t.db.execute(sql.raw(`GRANT USAGE ON SCHEMA public, drizzle TO ${role}`));
    await t.db.execute(sql.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA public, drizzle TO ${role}`));
    const url = new URL(serverUrl!);
    url.username = role;
    url.pathname = `/${name}`;
    const error = await openDatabase({ url: url.toString() }).then(
      (db) => db.close().then(() => null),
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(databaseStartError({ DATABASE_URL: url.toString(), dataDir: "/data" }, error)).toBe(
      `Cannot open DATABASE_URL (${url.hostname}:${url.port || 5432}/${name}): this user may not change the database (permission denied for database ${name}); Konok needs a user that owns its database`,
    );
  });
});

/** Whether this machine can run a process as another user (root with setpriv, as in CI). */
const canDropPrivileges = (() => {
  try {
    return process.getuid?.() === 0 && spawnSync("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "true"]).status === 0;
  } catch {
    return false;
  }
})();

describe.skipIf(!canDropPrivileges)("PGlite on files this process may not write", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "konok-readonly-"));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("starting as another user than the files' owner names DATA_DIR and the reason in one line", { timeout: 120_000 }, async () => {
    // A real database folder, made by root and left read-only (0555 folders, 0444 files).
    const dataDir = path.join(folder, "pglite");
    const database = await openDatabase({ dataDir });
    await database.close();
    fs.chmodSync(folder, 0o755);
    execFileSync("chmod", ["-R", "a-w", dataDir]);
    // The server's own start-up code, run as `nobody`, who may read the folder but not write it.
    const script = [
      'import { openDatabase } from "./api/db/client.ts";',
      'import { databaseStartError } from "./server/index.ts";',
      `openDatabase({ dataDir: ${JSON.stringify(dataDir)} }).then(`,
      '  () => { console.log("OPENED"); process.exit(0); },',
      `  (error) => { console.log("LINE " + databaseStartError({ DATABASE_URL: undefined, dataDir: ${JSON.stringify(folder)} }, error)); process.exit(0); });`,
    ].join("\n");
    const result = spawnSync("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", process.execPath, "--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      encoding: "utf8",
      env: { ...process.env, HOME: folder, TSX_TSCONFIG_PATH: path.resolve("tsconfig.json") },
      timeout: 100_000,
    });
    const line = result.stdout.split("\n").find((l) => l.startsWith("LINE ") || l === "OPENED");
    expect(line, `${result.stdout}\n${result.stderr}`).toBe(
      `LINE Cannot open the database in DATA_DIR (${dataDir}): its files are not writable by this process (uid 65534); fix the owner or mount it read-write`,
    );
  });
});
