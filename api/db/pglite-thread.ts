/**
 * PGlite on a worker thread. PGlite is PostgreSQL compiled to WebAssembly and runs synchronously on
 * the thread that calls it: on the server's only JavaScript thread it took about half of the CPU
 * time of a signed-in page, time in which no other request could be rendered. On a thread of its
 * own it gets the machine's second core (docs/decisions/0048-pglite-on-a-worker-thread.md).
 *
 * The main thread sees the part of PGlite's interface that drizzle and `client.ts` use — `query`,
 * `exec`, `transaction` and `close` — with PGlite's own rules: one session, so a transaction holds
 * it alone while plain queries from other requests wait; plain queries may be in flight together
 * (the worker's PGlite runs them one after the other).
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string, typeId: number) => unknown> };
export type QueryResult<T = Record<string, unknown>> = { rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

export type ThreadTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

type Message =
  | { op: "open"; dataDir: string | null; settings: string[]; image: Uint8Array | null }
  | { op: "query"; sql: string; params: unknown[]; rowMode?: "array" | "object"; textTypes: number[] }
  | { op: "exec"; sql: string }
  | { op: "image" }
  | { op: "close" };

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/**
 * The worker, CommonJS, loading PGlite by the paths the main thread resolved (so it works from the
 * source tree, the bundle and vitest alike). Drizzle's only value parsers keep some types as the
 * text PostgreSQL sent (dates, timestamps, intervals): they cross as that list of type ids.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite } = require(workerData.pglite);
const { btree_gist } = require(workerData.btreeGist);
const { pg_trgm } = require(workerData.pgTrgm);
const asText = (value) => value;
let db = null;
// Everything a database error carries (code, detail, constraint, …) that can cross threads.
function plain(error) {
  const out = { message: String((error && error.message) || error), name: error && error.name };
  for (const [key, value] of Object.entries(error || {})) {
    if (typeof value === "function" || key === "queryOptions") continue;
    try { out[key] = structuredClone(value); } catch {}
  }
  return out;
}
parentPort.on("message", async (message) => {
  try {
    let result = null;
    if (message.op === "open") {
      const image = message.image ? { loadDataDir: new Blob([message.image]) } : {};
      db = await PGlite.create(message.dataDir ?? undefined, { extensions: { btree_gist, pg_trgm }, postgresqlconf: message.settings, ...image });
    } else if (message.op === "query") {
      const parsers = Object.fromEntries(message.textTypes.map((type) => [type, asText]));
      result = await db.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
    } else if (message.op === "exec") {
      result = await db.exec(message.sql);
    } else if (message.op === "image") {
      const files = new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
      return void parentPort.postMessage({ id: message.id, result: files }, [files.buffer]);
    } else if (message.op === "close") {
      if (db) await db.close();
      db = null;
    }
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plain(error) });
  }
});
`;

/** The type ids whose parser keeps PostgreSQL's text; any other parser cannot cross a thread. */
function textTypesOf(parsers: QueryOptions["parsers"]): number[] {
  if (!parsers) return [];
  const probe = "\u0000konok-probe";
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse(probe, Number(type)) !== probe) throw new Error(`PGlite thread: a value parser for type ${type} that changes the value cannot run on the worker`);
    return Number(type);
  });
}

/**
 * Whether a statement may change data. Only a statement that starts as a read (SELECT, WITH, …) and
 * names no data-changing command anywhere (a WITH may hold an UPDATE) is a read: the database
 * defines no function that writes when called from a SELECT (its functions are triggers and pure
 * text helpers), so such a statement cannot change what the search index mirrors. A locking clause
 * (`FOR UPDATE`, `FOR NO KEY UPDATE`) changes no data, and neither do the statements that set a
 * session's or a transaction's options or mark a savepoint (drizzle's `setTransaction` and nested
 * transactions). Anything else may write.
 */
const READ_START = /^\s*(select|with|values|table|show)\b/i;
const NO_DATA_START = /^\s*(set|reset|savepoint|release)\b/i;
const CHANGING_WORD = /\b(insert|update|delete|merge|truncate|copy|call|do)\b/i;
const LOCKING_CLAUSE = /\bfor\s+(no\s+key\s+)?update\b/gi;
export function mayWrite(sql: string): boolean {
  if (NO_DATA_START.test(sql)) return false;
  return !READ_START.test(sql) || CHANGING_WORD.test(sql.replace(LOCKING_CLAUSE, ""));
}

/**
 * Whether a statement that ended with `result` (null: it failed) changed data. An INSERT, UPDATE,
 * DELETE or MERGE at the top level reports in its command tag how many rows it changed (PGlite's
 * `affectedRows`): when none, nothing changed, since only row triggers follow a changed row and
 * the schema's BEFORE triggers only check or raise. That is the background jobs' usual statement
 * (notifications to push, booking deadlines, reviews to publish, refunds to retry: nothing due).
 * Any other statement that may write is counted, failed ones too: in doubt, a write (it only
 * costs a reader one needless look). A WITH that holds an UPDATE reports its SELECT's rows, not
 * the UPDATE's, so it is always counted.
 */
const ROW_COMMAND = /^\s*(insert|update|delete|merge)\b/i;
export function changedData(sql: string, result: Pick<QueryResult, "affectedRows"> | null): boolean {
  if (!mayWrite(sql)) return false;
  return !(result && ROW_COMMAND.test(sql) && result.affectedRows === 0);
}

/** The database error the worker reported, as an Error with the driver's fields (code, detail, …). */
function errorFrom(reported: NonNullable<Reply["error"]>): Error {
  const error = new Error(reported.message);
  Object.assign(error, reported);
  return error;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #stopped: Error | null = null;
  // The session lock: plain queries share it, a transaction holds it alone; waiters keep their order
  // so a transaction is not starved by a stream of reads.
  #plainInFlight = 0;
  #transactionOpen = false;
  readonly #waiting: { exclusive: boolean; start: () => void }[] = [];
  #writes = 0;

  private constructor() {
    const require = createRequire(import.meta.url);
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglite: require.resolve("@electric-sql/pglite"),
        btreeGist: require.resolve("@electric-sql/pglite/contrib/btree_gist"),
        pgTrgm: require.resolve("@electric-sql/pglite/contrib/pg_trgm"),
      },
    });
    this.#worker.on("message", (reply: Reply) => {
      const waiter = this.#pending.get(reply.id);
      if (!waiter) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiter.reject(errorFrom(reply.error));
      else waiter.resolve(reply.result);
    });
    this.#worker.on("error", (error: Error) => this.#stop(error));
    this.#worker.on("exit", (code) => this.#stop(new Error(`the PGlite thread stopped (exit ${code})`)));
  }

  /**
   * Starts the worker and opens the database in `dataDir` (`null`: in memory), or a copy of the
   * database whose files `image` holds (from `image()`) instead of a new cluster.
   */
  static async open(dataDir: string | null, settings: string[], image: Uint8Array | null = null): Promise<PgliteThread> {
    const thread = new PgliteThread();
    try {
      await thread.#send({ op: "open", dataDir, settings, image });
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }

  #send<T>(message: Message): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise<T>((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #acquire(exclusive: boolean): Promise<void> {
    if (this.#waiting.length === 0 && this.#mayStart(exclusive)) {
      this.#grant(exclusive);
      return Promise.resolve();
    }
    return new Promise((start) => this.#waiting.push({ exclusive, start }));
  }

  #mayStart(exclusive: boolean): boolean {
    return !this.#transactionOpen && (!exclusive || this.#plainInFlight === 0);
  }

  #grant(exclusive: boolean) {
    if (exclusive) this.#transactionOpen = true;
    else this.#plainInFlight++;
  }

  #release(exclusive: boolean) {
    if (exclusive) this.#transactionOpen = false;
    else this.#plainInFlight--;
    while (this.#waiting.length > 0 && this.#mayStart(this.#waiting[0].exclusive)) {
      const next = this.#waiting.shift()!;
      this.#grant(next.exclusive);
      next.start();
    }
  }

  #query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<T>> {
    return this.#send({ op: "query", sql, params, rowMode: options.rowMode, textTypes: textTypesOf(options.parsers) });
  }

  /**
   * How many statements and committed transactions that changed data (`changedData`) have ended,
   * as this thread saw their answers. This process is the folder's only writer (its lock file), so
   * a reader that noted this count when it last read a table, and finds it unchanged, knows every
   * write that has since ended was already visible to that read: the search index skips its
   * catch-up query then (docs/decisions/0079-search-index-skips-catch-up-without-writes.md), and
   * the kept directory lists stay (api/lib/kept-while-unwritten.ts). A transaction's writes become
   * visible at its COMMIT, so it counts once then; one rolled back wrote nothing.
   */
  get writes(): number {
    return this.#writes;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>> {
    await this.#acquire(false);
    let result: QueryResult<T> | null = null;
    try {
      return (result = await this.#query<T>(sql, params, options));
    } finally {
      if (changedData(sql, result)) this.#writes++;
      this.#release(false);
    }
  }

  async exec(sql: string): Promise<QueryResult[]> {
    await this.#acquire(false);
    try {
      return await this.#send({ op: "exec", sql });
    } finally {
      this.#writes++;
      this.#release(false);
    }
  }

  /** PGlite's `transaction`: BEGIN, the callback's statements alone on the session, then COMMIT, or ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await this.#acquire(true);
    let closed = false;
    // Whether a statement of it changed data: it then counts as one write when it commits.
    let wrote = false;
    let rolledBack = false;
    const ensureOpen = () => {
      if (closed) throw new Error("PGlite thread: the transaction is closed");
    };
    const query = async <R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>> => {
      let result: QueryResult<R> | null = null;
      try {
        return (result = await this.#query<R>(sql, params, options));
      } finally {
        wrote ||= changedData(sql, result);
      }
    };
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => (ensureOpen(), query(sql, params, options)),
      exec: async (sql) => (ensureOpen(), (wrote = true), this.#send({ op: "exec", sql })),
      rollback: async () => {
        ensureOpen();
        await this.#send({ op: "exec", sql: "ROLLBACK" });
        closed = rolledBack = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      await this.#send({ op: "exec", sql: "BEGIN" });
      try {
        const result = await callback(tx);
        if (!closed) await this.#send({ op: "exec", sql: "COMMIT" });
        return result;
      } catch (error) {
        // Wrote nothing once ROLLBACK has answered; in doubt (it failed too) the writes count.
        if (!closed) rolledBack = await this.#send({ op: "exec", sql: "ROLLBACK" }).then(() => true, () => false);
        throw error;
      } finally {
        closed = true;
      }
    } finally {
      if (wrote && !rolledBack) this.#writes++;
      this.#release(true);
    }
  }

  /** The database's files as an uncompressed tar, to open copies of it with `open(null, settings, image)`. */
  async image(): Promise<Uint8Array> {
    // Alone, like a transaction: no statement of another request runs while the files are read.
    await this.#acquire(true);
    try {
      return await this.#send<Uint8Array>({ op: "image" });
    } finally {
      this.#release(true);
    }
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#send({ op: "close" }).catch(() => undefined);
    await this.#worker.terminate();
  }
}
