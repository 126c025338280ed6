/**
 * Reads kept until the next write, on two nodes sharing one PostgreSQL database (decision 0086):
 * each node keeps its own, and learns that something was written from the database's snapshot
 * (`PostgresWriteSignal`), asked after every kept read's call. A write made through node A must
 * show on node B's very next read (the estate page, its calendar, the search's index and cards, a
 * signed-in user's session), and node B reads nothing again while nothing was committed. Needs
 * PostgreSQL at TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test); skipped, saying so,
 * when it is unreachable.
 */
import crypto from "node:crypto";
import pg from "pg";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { openDatabase, postgresSignals, PostgresWriteSignal, type Database } from "../../api/db/client";
import { estates, estateTexts, estateTypes } from "../../api/db/schema";
import { keptWhileUnwritten } from "../../api/lib/kept-while-unwritten";
import { issueTokens, revokeFamily } from "../../api/services/auth/tokens";
import type { AvailableDatesResponse, EstateDetail } from "../../contract/estate";
import { day, Factory, text } from "./helpers";
import { postgresUnreachable } from "../support/services";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const missing = await postgresUnreachable(PG_URL);
if (missing) console.warn(`kept-across-nodes.test.ts skipped: ${missing}`);

const AUTH = { secret: "n".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
type Node = { api: ReturnType<typeof createApi>; database: Database };

describe.skipIf(missing !== null)("reads kept on two nodes of one PostgreSQL", () => {
  const dbName = `konok_kept_${crypto.randomBytes(4).toString("hex")}`;
  let url = "";
  const nodes: Node[] = [];
  let admin: pg.Client;
  let make: Factory;

  const call = async <T>(node: Node, path: string, init: RequestInit = {}) => {
    const response = await node.api.fetch(new Request(`http://konok.test${path}`, { ...init, headers: { "Accept-Language": "en", "Content-Type": "application/json", ...init.headers } }));
    return { status: response.status, data: ((await response.json()) as { data: T }).data };
  };
  const detail = async (node: Node, id: number) => (await call<{ estate: EstateDetail }>(node, `/api/v1/guest/estate/${id}?checkInDate=${day(10)}&checkOutDate=${day(12)}&adultCount=2`)).data.estate;
  const search = async (node: Node, body: Record<string, unknown>) =>
    (await call<{ estates: { id: number; title: string }[] }>(node, "/api/v1/guest/estate", { method: "POST", body: JSON.stringify(body) })).data.estates;
  const month = async (node: Node, id: number) => (await call<AvailableDatesResponse>(node, `/api/v1/guest/estate/available_dates/${id}?from=${day(0)}&to=${day(30)}`)).data;
  const snapshot = async () => (await admin.query<{ s: string }>("SELECT pg_current_snapshot()::text AS s")).rows[0].s;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const target = new URL(PG_URL);
    target.pathname = `/${dbName}`;
    url = target.toString();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url });
      nodes.push({ api: createApi({ db: database.db, auth: AUTH }), database });
    }
    make = new Factory(nodes[0].database.db);
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes) await node.database.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
  });

  it("shows a write made through one node on the other's next read: texts, price, photo, type name, closed night, session", async () => {
    const [a, b] = nodes;
    const type = await make.type();
    const estate = await make.estate({ typeId: type.id, price: 3000, title: text("Дом", "House") });
    // Node B reads everything twice: the second answers may come from its memory.
    for (let i = 0; i < 2; i++) {
      expect(await detail(b, estate.id)).toMatchObject({ title: "House", price: 3000, photos: [] });
      expect(await search(b, { type: type.id })).toMatchObject([{ id: estate.id, title: "House" }]);
      expect((await month(b, estate.id)).unavailable).toEqual([]);
    }

    await a.database.db.update(estateTexts).set({ title: text("Дом у реки", "River house") }).where(eq(estateTexts.estateId, estate.id));
    expect((await detail(b, estate.id)).title).toBe("River house");
    expect(await search(b, { type: type.id })).toMatchObject([{ id: estate.id, title: "River house" }]);

    await a.database.db.update(estates).set({ price: 4000 }).where(eq(estates.id, estate.id));
    expect(await search(b, { type: type.id, priceFrom: 3500 })).toMatchObject([{ id: estate.id }]);
    expect((await detail(b, estate.id)).price).toBe(4000);

    await make.photo(estate.id);
    expect((await detail(b, estate.id)).photos).toHaveLength(1);

    await a.database.db.update(estateTypes).set({ name: text("Юрта", "Yurt") }).where(eq(estateTypes.id, type.id));
    expect((await detail(b, estate.id)).type).toMatchObject({ name: "Yurt" });

    await make.blockedDates(estate.id, [day(11)]);
    expect((await month(b, estate.id)).unavailable).toEqual([day(11)]);
    expect((await detail(b, estate.id)).stay).toMatchObject({ available: false, reason: "blocked" });

    const user = await make.user();
    const sessionId = crypto.randomUUID();
    const { token } = await issueTokens(a.database.db, user.id, AUTH, sessionId);
    const pageData = () => call(b, "/api/v1/page_data", { headers: { Authorization: `Bearer ${token}` } });
    expect((await pageData()).status).toBe(200);
    expect((await pageData()).status).toBe(200);
    // Signed out through node A: node B's next request is refused.
    await revokeFamily(a.database.db, sessionId);
    expect((await pageData()).status).toBe(401);
  });

  it("lets every read on one node that starts after a write on the other see it, while the first keeps reading", async () => {
    const [a, b] = nodes;
    const estate = await make.estate({ price: 1000 });
    let stop = false;
    // Node B under steady reads, so its snapshot checks run back to back and a caller often finds one under way.
    const background = (async () => {
      while (!stop) await detail(b, estate.id);
    })();
    try {
      for (let price = 1001; price <= 1010; price++) {
        await a.database.db.update(estates).set({ price }).where(eq(estates.id, estate.id));
        const seen = await Promise.all([detail(b, estate.id), detail(b, estate.id), detail(b, estate.id)]);
        expect(seen.map((e) => e.price)).toEqual([price, price, price]);
      }
    } finally {
      stop = true;
      await background;
    }
  });

  it("reads nothing again on a node while nothing was committed on the database's server", async () => {
    const b = nodes[1];
    // Other databases on the same server (other test files) also move its snapshot: the
    // expectation holds for a pass in which the snapshot stayed the same, and one such pass must come.
    let quietPasses = 0;
    for (let attempt = 0; attempt < 20 && quietPasses === 0; attempt++) {
      let reads = 0;
      const key = `test:${attempt}:${Math.random()}`;
      const before = await snapshot();
      await keptWhileUnwritten(b.database.db, key, async () => ++reads);
      await keptWhileUnwritten(b.database.db, key, async () => ++reads);
      await keptWhileUnwritten(b.database.db, key, async () => ++reads);
      if ((await snapshot()) !== before) continue;
      quietPasses++;
      expect(reads).toBe(1);
    }
    expect(quietPasses).toBe(1);
    // A write through the other node: read again.
    let reads = 0;
    const key = `test:write:${Math.random()}`;
    await keptWhileUnwritten(b.database.db, key, async () => ++reads);
    await make.user();
    await keptWhileUnwritten(b.database.db, key, async () => ++reads);
    expect(reads).toBe(2);
  });

  it("asks one check for a search, for an estate with a stay, and for its calendar or reviews, not one per kept read", async () => {
    const b = nodes[1];
    const signal = postgresSignals.get(b.database.db)!;
    const estate = await make.estate({ price: 2000 });
    const checksOf = async (ask: () => Promise<unknown>) => {
      await ask();
      // Alone, so no other caller's check is shared: each kept read's own check would show here.
      const before = signal.checks;
      await ask();
      return signal.checks - before;
    };
    // The index's catch-up and the page's cards: two kept reads, one after the other.
    expect(await checksOf(() => search(b, { priceFrom: 1 }))).toBe(1);
    // The estate's detail, then its calendar for the stay.
    expect(await checksOf(() => detail(b, estate.id))).toBe(1);
    // The published estate, then its calendar; then its reviews.
    expect(await checksOf(() => month(b, estate.id))).toBe(1);
    const reviews = async () => expect((await call(b, `/api/v1/guest/estate/review/${estate.id}?page=1&perPage=5`)).status).toBe(200);
    expect(await checksOf(reviews)).toBe(1);
  });

  it("asks one check for many callers at once, and none when a check fails but reads", async () => {
    const signal = postgresSignals.get(nodes[1].database.db)!;
    const before = signal.checks;
    const generations = await Promise.all(Array.from({ length: 20 }, () => signal.next()));
    // The first caller's check, and one more shared by the 19 that came while it ran.
    expect(signal.checks - before).toBe(2);
    expect(generations.every((g) => typeof g === "number")).toBe(true);

    const unreachable = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:1/none", connectionTimeoutMillis: 1000 });
    unreachable.on("error", () => {});
    const broken = new PostgresWriteSignal(unreachable);
    expect(await broken.next()).toBeNull();
    await unreachable.end();
  });
});
