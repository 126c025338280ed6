/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite (Postgres in WASM) in a
 * folder. Both run the same schema, migrations and SQL. See docs/decisions/0001-pglite-embedded.md.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";

/** Drizzle over either engine; the query builder is the same, so code is typed against one. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the database's files, from which `openDatabase({ dataDir: null, image })` opens
   * a copy. The test suite migrates one database and opens every file's from it (~0.5 s instead
   * of ~4 s for a new cluster and the migrations).
   */
  image?(): Promise<Uint8Array>;
};

export type DatabaseOptions =
  /** `dataDir: null` keeps PGlite in memory (tests); `image` starts it as a copy of another. */
  { url: string } | { dataDir: string | null; image?: Uint8Array };

/** Where the SQL migrations are: next to this file in the source tree, or copied beside the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "migrations"), path.join(here, "..", "api", "db", "migrations"), path.resolve("api/db/migrations")];
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

/**
 * `LOG_SQL=1` prints every query (shortened) with its parameters: the way to count what a page
 * costs (docs/operations.md, "Finding what a page costs"). Off by default: it logs user data.
 */
function sqlLogger() {
  if (!process.env.LOG_SQL) return false;
  return { logQuery: (query: string, params: unknown[]) => console.log(`SQL ${query.replace(/\s+/g, " ").slice(0, 300)} ${JSON.stringify(params).slice(0, 120)}`) };
}

/** A PostgreSQL handle's write signal (tests count its checks). */
export const postgresSignals = new WeakMap<Db, PostgresWriteSignal>();

/**
 * The write signal of each drizzle handle: the PGlite thread's count, or a PostgreSQL handle's
 * snapshot check (PostgresWriteSignal).
 */
const writeSignals = new WeakMap<Db, () => number | null | Promise<number | null>>();

/**
 * A number that moves whenever a write may have ended on the database of `db` since it was last
 * given, taken after this call: a reader that notes it before reading, and finds it unchanged
 * later, knows that nothing was committed since its read began (api/lib/kept-while-unwritten.ts,
 * the search index and its cards keep reads under it). On PGlite the thread's count of writes
 * (this process is the only writer); on PostgreSQL the generation of the database's snapshot,
 * asked after this call, so a write any node committed before it is seen (decision 0086). Null:
 * not known just now (the check failed), so read.
 *
 * Several kept reads of one call may share one noted signal (`keptWhileUnwritten`'s `noted`, the
 * search index's and cards' `noted`): each of them is read after the check began, which is all
 * keeping under it needs. On PostgreSQL that is one round trip for the call instead of one per read,
 * each waiting for a check of its own (decision 0086, amended).
 */
export function writesBefore(db: Db): Promise<number | null> {
  const signal = writeSignals.get(db);
  return Promise.resolve(signal ? signal() : null);
}

/**
 * Whether anything was committed on a PostgreSQL cluster, told by its snapshot
 * (`pg_current_snapshot()`: the first transaction id not yet completed and the ids still running
 * below it). Two snapshots that read the same mean no transaction ended between them, so nothing
 * became visible: a transaction that ends has either an id below the first's bound, and was
 * listed running in it, or one at or above it, and moves the bound. Any node's write is a
 * transaction that ends, so this sees every node's writes, with no trigger, table or message.
 * Read-only transactions take no id and do not move it; a statement that changed no row takes
 * none either. Each distinct snapshot moves the generation by one.
 *
 * A caller waits for a check that began after its call (one under way may have asked before a
 * write the caller saw committed); callers arriving during a check share the next one, so under
 * load one check runs at a time. Checks have a connection of their own so as not to queue behind
 * the pages' statements in the pool.
 */
export class PostgresWriteSignal {
  #generation = 0;
  #snapshot: string | null = null;
  #running: Promise<number | null> | null = null;
  #queued: Promise<number | null> | null = null;
  /** How many checks have run (tests). */
  checks = 0;

  constructor(private readonly pool: pg.Pool) {}

  next(): Promise<number | null> {
    if (!this.#running) {
      this.#running = this.#check().finally(() => {
        this.#running = null;
      });
      return this.#running;
    }
    this.#queued ??= this.#running.then(() => {
      this.#queued = null;
      return this.next();
    });
    return this.#queued;
  }

  async #check(): Promise<number | null> {
    this.checks++;
    try {
      // Named: prepared once per connection, parsed and planned once.
      const { rows } = await this.pool.query<{ s: string }>({ name: "konok_write_signal", text: "SELECT pg_current_snapshot()::text AS s" });
      if (rows[0].s !== this.#snapshot) {
        this.#snapshot = rows[0].s;
        this.#generation++;
      }
      return this.#generation;
    } catch (error) {
      // Unknown: nothing kept under an earlier generation is used again, and this caller reads
      // (and meets the database's error itself, if it is down).
      console.error(`PostgreSQL write signal: ${(error as Error).message}`);
      this.#snapshot = null;
      this.#generation++;
      return null;
    }
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) return openPostgres(options.url);
  return openPglite(options.dataDir, options.image ?? null);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover, DROP DATABASE) is an 'error'
  // event; unhandled it would crash the process. The pool replaces it on the next query.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  // count(*) and bigint come back as strings from node-postgres; parse int8 as a JS number so
  // both engines give the same types (our counts stay far below 2^53).
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  const db = drizzlePg(pool, { schema, logger: sqlLogger() });
  await migratePg(db, { migrationsFolder: migrationsFolder() });
  const checks = new pg.Pool({ connectionString: url, max: 1 });
  checks.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const signal = new PostgresWriteSignal(checks);
  writeSignals.set(db, () => signal.next());
  postgresSignals.set(db, signal);
  return {
    db,
    engine: "postgres",
    ping: async () => void (await pool.query("select 1")),
    close: async () => {
      await Promise.all([pool.end(), checks.end()]);
    },
  };
}

async function openPglite(dataDir: string | null, image: Uint8Array | null): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(dataDir, "konok.lock"), dataDir);
  }
  let client: PgliteThread | null = null;
  try {
    // PostgreSQL's default 128 MB of shared buffers sits in PGlite's WASM memory for the whole
    // process life; the data files are read through the OS page cache anyway. 32 MB kept the
    // demo's and 100 000 estates' query times (docs/operations.md, "Memory").
    const thread = (client = await PgliteThread.open(dataDir, [`shared_buffers = ${process.env.PGLITE_SHARED_BUFFERS ?? "32MB"}`], image));
    // The thread offers the part of PGlite's interface drizzle's driver calls (query, transaction).
    const db = drizzlePglite(thread as never, { schema, logger: sqlLogger() }) as unknown as Db;
    writeSignals.set(db, () => thread.writes);
    const appliedBefore = await appliedMigrations(thread);
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    // PGlite never vacuums or analyzes on its own. After an upgrade (which may rewrite tables,
    // as 0004 does), give the planner fresh statistics and mark pages all-visible.
    if (appliedBefore > 0 && (await appliedMigrations(thread)) > appliedBefore) await thread.exec("VACUUM ANALYZE");
    return {
      db,
      engine: "pglite",
      ping: async () => void (await thread.query("select 1")),
      close: async () => {
        await thread.close();
        releaseLock();
      },
      image: () => thread.image(),
    };
  } catch (error) {
    // The worker thread would keep the process alive.
    await client?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

/** How many migrations drizzle has recorded as applied (0 in a new database). */
async function appliedMigrations(client: PgliteThread): Promise<number> {
  const exists = await client.query<{ found: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found");
  if (!exists.rows[0].found) return 0;
  const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
  return rows[0].n;
}

/**
 * Two processes on one PGlite folder silently lose writes, so the folder is held by a lock file
 * naming the owner's pid. A lock left by a process that no longer runs is taken over.
 */
function acquireLock(lockPath: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The database in ${dataDir} is in use by another Konok process (pid ${owner}). Stop it, or give this one another DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process that has exited but not been reaped (a zombie: in a container whose first process
  // does not reap orphans, one stays until the container stops) still answers kill(pid, 0), yet
  // holds nothing: on Linux its state in /proc says so.
  try {
    return !/^\d+ \(.*\) Z /s.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}
