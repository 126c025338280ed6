/**
 * PGlite on its worker thread keeps PGlite's own rules: a transaction has the session to itself,
 * a failing one leaves nothing behind, and a database error arrives with its SQLSTATE and fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "../../api/db/pglite-thread";

describe("PGlite on a worker thread", () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open(null, []);
    await db.exec("CREATE TABLE t (id int PRIMARY KEY, note text, at timestamptz DEFAULT now())");
  });
  afterAll(async () => {
    await db.close();
  });

  it("answers queries in both row modes, keeping timestamps as PostgreSQL's text when asked", async () => {
    await db.query("INSERT INTO t (id, note) VALUES ($1, $2)", [1, "one"]);
    const objects = await db.query<{ id: number; note: string; at: Date }>("SELECT id, note, at FROM t WHERE id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, note: "one", at: expect.any(Date) }]);
    const asText = (value: string) => value;
    const arrays = await db.query<unknown[]>("SELECT id, at FROM t WHERE id = 1", [], { rowMode: "array", parsers: { 1184: asText } });
    expect(arrays.rows[0][0]).toBe(1);
    expect(typeof arrays.rows[0][1]).toBe("string");
  });

  it("refuses a value parser that would change values, since a function cannot cross threads", async () => {
    await expect(db.query("SELECT 1", [], { parsers: { 23: (value: string) => Number(value) * 2 } })).rejects.toThrow(/cannot run on the worker/);
  });

  it("gives a database error its SQLSTATE, constraint and detail", async () => {
    const error = await db.query("INSERT INTO t (id, note) VALUES (1, 'again')").then(
      () => null,
      (e: unknown) => e as Record<string, unknown>,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "t_pkey" });
    expect(String(error?.detail)).toContain("(id)=(1)");
  });

  it("keeps a transaction's session to itself: another request's query waits for its COMMIT", async () => {
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, note) VALUES (2, 'in transaction')");
      order.push("inserted");
      await held;
      order.push("committing");
    });
    // Let the transaction begin and insert before the other request asks.
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = db.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id = 2").then((result) => {
      order.push("read outside");
      return result.rows[0].n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(["inserted"]);
    releaseTransaction();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(["inserted", "committing", "read outside"]);
  });

  it("rolls a transaction back when its callback throws, and the session serves others afterwards", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, note) VALUES (3, 'never kept')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id = 3");
    expect(rows[0].n).toBe(0);
  });

  it("runs plain queries that arrive together, each with its own answer", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => db.query<{ v: number }>("SELECT $1::int AS v", [i])));
    expect(answers.map((a) => a.rows[0].v)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("counts the statements and transactions that may have written, and no read", async () => {
    const start = db.writes;
    await db.query("SELECT id FROM t WHERE id = $1", [1]);
    await db.query("WITH x AS (SELECT id FROM t) SELECT count(*) FROM x");
    await db.transaction(async (tx) => {
      await tx.query("SELECT set_config('pg_trgm.similarity_threshold', '0.3', true)");
      await tx.query("SELECT note FROM t");
    });
    expect(db.writes).toBe(start);
    await db.query("UPDATE t SET note = 'changed' WHERE id = 1");
    expect(db.writes).toBe(start + 1);
    // A WITH that holds an UPDATE writes, though it starts like a read.
    await db.query("WITH changed AS (UPDATE t SET note = 'again' WHERE id = 1 RETURNING id) SELECT id FROM changed");
    expect(db.writes).toBe(start + 2);
    await db.transaction(async (tx) => {
      await tx.query("SELECT note FROM t");
      await tx.query("INSERT INTO t (id, note) VALUES (500, 'five hundred')");
      await tx.query("DELETE FROM t WHERE id = 500");
    });
    expect(db.writes).toBe(start + 3);
    await db.exec("SELECT 1; SELECT 2");
    expect(db.writes).toBe(start + 4);
  });

  it("counts no write for statements that changed no row, nor for a transaction rolled back", async () => {
    const start = db.writes;
    // The background jobs' usual statement: nothing is due.
    await db.query("UPDATE t SET note = 'never' WHERE id = -1");
    await db.query("DELETE FROM t WHERE id = -1");
    await db.query("INSERT INTO t (id, note) SELECT id, note FROM t WHERE false");
    await db.query("INSERT INTO t (id, note) VALUES (1, 'taken') ON CONFLICT (id) DO NOTHING");
    await db.query("SELECT id FROM t WHERE id = 1 FOR UPDATE");
    await db.transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      await tx.query("SAVEPOINT sp1");
      await tx.query("SELECT note FROM t FOR NO KEY UPDATE");
      await tx.query("UPDATE t SET note = 'never' WHERE false");
      await tx.query("RELEASE SAVEPOINT sp1");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE t SET note = 'rolled back' WHERE id = 1");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, note) VALUES (600, 'rolled back')");
      await tx.rollback();
    });
    expect(db.writes).toBe(start);
    expect((await db.query("SELECT note FROM t WHERE id = 1")).rows).toEqual([{ note: "again" }]);

    // One row changed is a write, inside a transaction once it commits.
    await db.query("UPDATE t SET note = 'changed once more' WHERE id = 1");
    expect(db.writes).toBe(start + 1);
    await db.transaction(async (tx) => {
      await tx.query("UPDATE t SET note = 'never' WHERE false");
      await tx.query("INSERT INTO t (id, note) VALUES (601, 'kept')");
      expect(db.writes).toBe(start + 1);
    });
    expect(db.writes).toBe(start + 2);
    // A WITH holding an UPDATE reports its SELECT's rows: it counts even when it changed nothing.
    await db.query("WITH changed AS (UPDATE t SET note = 'x' WHERE false RETURNING id) SELECT id FROM changed");
    expect(db.writes).toBe(start + 3);
    // A failed statement counts (in doubt, a write).
    await expect(db.query("INSERT INTO t (id, note) VALUES (1, 'again')")).rejects.toThrow();
    expect(db.writes).toBe(start + 4);
  });

  it("opens a copy from a database's image: the copy has its rows, and each goes its own way after", async () => {
    await db.query("INSERT INTO t (id, note) VALUES (10, 'before the image')");
    const image = await db.image();
    const copy = await PgliteThread.open(null, [], image);
    try {
      const { rows } = await copy.query<{ note: string }>("SELECT note FROM t WHERE id = 10");
      expect(rows).toEqual([{ note: "before the image" }]);
      await copy.query("INSERT INTO t (id, note) VALUES (11, 'only in the copy')");
      await db.query("INSERT INTO t (id, note) VALUES (12, 'only in the original')");
      expect((await db.query("SELECT id FROM t WHERE id = 11")).rows).toEqual([]);
      expect((await copy.query("SELECT id FROM t WHERE id = 12")).rows).toEqual([]);
    } finally {
      await copy.close();
    }
  });
});
