/**
 * The search answers from an in-memory index (api/services/search-index.ts) that follows the
 * database through the change log of migration 0005. Each test writes straight to the database,
 * as another process or a bulk load would, after a search has already loaded the index, and
 * expects the very next search to see the write.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { MapSearchResponse, SearchResponse } from "../../contract/estate";
import * as schema from "../../api/db/schema";
import { SearchIndex, searchIndexFor } from "../../api/services/search/search-index";
import { keptWhileUnwritten } from "../../api/lib/kept-while-unwritten";
import { pushPendingNotifications } from "../../api/services/notification-pusher";
import { day, setupTestApi } from "./helpers";

const t = setupTestApi();
type Search = { success: true; data: SearchResponse };

const searchIds = async (body: Record<string, unknown>) => {
  const { status, body: json } = await t.post<Search>("/api/v1/guest/estate", body);
  expect(status).toBe(200);
  return json.data.estates.map((e) => e.id);
};

let type: { id: number };
const stay = () => ({ checkInDate: day(10), checkOutDate: day(13) });

beforeEach(async () => {
  type = await t.make.type();
  // The index is loaded before every write below.
  await searchIds({ type: type.id });
});

describe("the search follows writes made after its index loaded", () => {
  it("shows an estate once published and hides it once unpublished", async () => {
    const estate = await t.make.estate({ typeId: type.id, status: "draft" });
    expect(await searchIds({ type: type.id })).toEqual([]);
    await t.db.update(schema.estates).set({ status: "published" }).where(eq(schema.estates.id, estate.id));
    expect(await searchIds({ type: type.id })).toEqual([estate.id]);
    await t.db.update(schema.estates).set({ status: "archived" }).where(eq(schema.estates.id, estate.id));
    expect(await searchIds({ type: type.id })).toEqual([]);
  });

  it("applies changed fields: price, capacity and the words of a new title", async () => {
    const estate = await t.make.estate({ typeId: type.id, price: 5000 });
    expect(await searchIds({ type: type.id, priceTo: 6000 })).toEqual([estate.id]);
    await t.db.update(schema.estates).set({ price: 7000, capacity: 8 }).where(eq(schema.estates.id, estate.id));
    expect(await searchIds({ type: type.id, priceTo: 6000 })).toEqual([]);
    expect(await searchIds({ type: type.id, adultCount: 8 })).toEqual([estate.id]);

    const word = `zephyrvale${estate.id}`;
    expect(await searchIds({ location: word })).toEqual([]);
    await t.db
      .update(schema.estateTexts)
      .set({ title: { ru: word, en: word, ky: word } })
      .where(eq(schema.estateTexts.estateId, estate.id));
    expect(await searchIds({ location: word })).toEqual([estate.id]);
  });

  it("hides an estate for the nights a booking or a blocked date takes, and frees them again", async () => {
    const estate = await t.make.estate({ typeId: type.id });
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([estate.id]);

    const booking = await t.make.booking(estate, day(12), day(15), "pending_confirmation");
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([]);
    await t.db.update(schema.bookings).set({ status: "declined" }).where(eq(schema.bookings.id, booking.id));
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([estate.id]);

    await t.db.insert(schema.estateBlockedDates).values({ estateId: estate.id, date: day(10) });
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([]);
    await t.db.delete(schema.estateBlockedDates).where(eq(schema.estateBlockedDates.estateId, estate.id));
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([estate.id]);
  });

  it("follows a complex through its units' bookings", async () => {
    const complex = await t.make.estate({ typeId: type.id, capacity: 4 });
    const unit = await t.make.estate({ typeId: type.id, parentId: complex.id, capacity: 4 });
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([complex.id]);
    await t.make.booking(unit, day(9), day(11));
    expect(await searchIds({ type: type.id, ...stay() })).toEqual([]);
  });

  it("moves map points with their estate", async () => {
    const estate = await t.make.estate({ typeId: type.id, lat: 42.5, lng: 78.4 });
    const box = { locationSearchType: "map", topRight: { lat: 42.6, lng: 78.5 }, leftBottom: { lat: 42.4, lng: 78.3 }, type: type.id };
    const points = async () => (await t.post<{ data: MapSearchResponse }>("/api/v1/guest/estate/map", box)).body.data.estates.map((e) => e.id);
    expect(await points()).toEqual([estate.id]);
    await t.db.update(schema.estates).set({ lat: 40.5, lng: 72.8 }).where(eq(schema.estates.id, estate.id));
    expect(await points()).toEqual([]);
  });

  it("reloads everything when a bulk load, which skips the triggers, logs a null estate", async () => {
    const estate = await t.make.estate({ typeId: type.id, status: "draft" });
    expect(await searchIds({ type: type.id })).toEqual([]);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(schema.estates).set({ status: "published" }).where(eq(schema.estates.id, estate.id));
      await tx.insert(schema.searchChanges).values({ estateId: null });
    });
    expect(await searchIds({ type: type.id })).toEqual([estate.id]);
  });

  it("lets each of many concurrent searches see the write made just before it", async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const estate = await t.make.estate({ typeId: type.id, price: 1000 + i });
        return { estate, found: await searchIds({ type: type.id, priceFrom: 1000 + i, priceTo: 1000 + i }) };
      }),
    );
    for (const { estate, found } of made) expect(found).toEqual([estate.id]);
  });
});

describe("looking for changes", () => {
  it("asks the database only after a write has ended (on PostgreSQL, one anywhere on its server)", async () => {
    const index = await searchIndexFor(t.db);
    const before = index.lookups;
    await searchIds({ type: type.id });
    await Promise.all([searchIds({ type: type.id, priceFrom: 10 }), searchIds({ type: type.id, priceFrom: 20 })]);
    // On PostgreSQL other test files write to other databases of the same server, which moves its
    // snapshot (decision 0086): a search may look then. kept-across-nodes.test.ts shows that
    // nothing is read again while the server is quiet.
    const looksWithoutWrites = index.lookups - before;
    if (t.engine === "pglite") expect(looksWithoutWrites).toBe(0);

    const estate = await t.make.estate({ typeId: type.id });
    expect(await searchIds({ type: type.id })).toEqual([estate.id]);
    const looksAfterWrite = index.lookups - before;
    if (t.engine === "pglite") expect(looksAfterWrite).toBe(1);
    else expect(looksAfterWrite).toBeGreaterThan(looksWithoutWrites);
    // A read of the estate's page is no write.
    expect((await t.get(`/api/v1/guest/estate/${estate.id}`)).status).toBe(200);
    expect(await searchIds({ type: type.id })).toEqual([estate.id]);
    if (t.engine === "pglite") expect(index.lookups - before).toBe(1);
  });
});

describe("a statement that changed nothing is no write", () => {
  it("leaves the index and the kept lists as they were (on PGlite; on PostgreSQL when nothing else was written); a changed row reaches both at once", async () => {
    const estate = await t.make.estate({ typeId: type.id, price: 5000 });
    expect(await searchIds({ type: type.id, priceFrom: 6000 })).toEqual([]);
    const index = await searchIndexFor(t.db);
    let reads = 0;
    const keptList = () => keptWhileUnwritten(t.db, "test:no-op writes", async () => ++reads);
    // Nothing waits to be announced after this run: the next one claims no row.
    await pushPendingNotifications(t.db, null);
    await keptList();
    const before = { lookups: index.lookups, reads };

    // What the background jobs run when nothing is due, and an UPDATE that matches no estate.
    await pushPendingNotifications(t.db, null);
    await t.db.update(schema.estates).set({ price: 1 }).where(eq(schema.estates.id, -1));
    await t.db.transaction(async (tx) => {
      await tx.update(schema.bookings).set({ warnedAt: new Date() }).where(sql`false`);
    });
    expect(await searchIds({ type: type.id, priceFrom: 6000 })).toEqual([]);
    // On PostgreSQL another database's write on the same server (another test file) may drop the kept list.
    const unchanged = await keptList();
    if (t.engine === "pglite") {
      expect(unchanged).toBe(before.reads);
      expect(index.lookups).toBe(before.lookups);
    }

    await t.db.update(schema.estates).set({ price: 7000 }).where(eq(schema.estates.id, estate.id));
    expect(await searchIds({ type: type.id, priceFrom: 6000 })).toEqual([estate.id]);
    expect(await keptList()).toBe(unchanged + 1);
    // A changed row inside a transaction: seen once it committed.
    await t.db.transaction(async (tx) => {
      await tx.update(schema.estates).set({ price: 5000 }).where(eq(schema.estates.id, estate.id));
    });
    expect(await searchIds({ type: type.id, priceFrom: 6000 })).toEqual([]);
    expect(await keptList()).toBe(unchanged + 2);
  });
});

/** Everything a search can read of an index, by estate id (slots and word ids differ between loads). */
function contentsOf(index: SearchIndex, words: string[]) {
  const c = index.columns;
  const estates = new Map<number, unknown[]>();
  for (let slot = 0; slot < index.slotCount; slot++) {
    if (c.id[slot] < 0) continue;
    estates.set(c.id[slot], [
      c.slug[slot], c.parent[slot], c.listed[slot], c.capacity[slot], c.bedCount[slot], c.price[slot], c.typeId[slot], c.subtypeId[slot],
      c.star[slot], c.rating[slot], c.instant[slot], c.lat[slot], c.lng[slot], c.score[slot], c.created[slot], c.opensOn[slot], c.complex[slot],
      [...c.parameters.bits.subarray(slot * c.parameters.stride, (slot + 1) * c.parameters.stride)],
      [...c.nutrition.bits.subarray(slot * c.nutrition.stride, (slot + 1) * c.nutrition.stride)],
      [...c.bookedFrom.get(slot)], [...c.bookedTo.get(slot)], [...c.blocked.get(slot)],
      index.shown(slot), (index.unitsOf(slot) ?? []).map((unit) => c.id[unit]).sort((a, b) => a - b),
    ]);
  }
  const ids = (slots: ArrayLike<number>) => Array.from(slots, (slot) => c.id[slot]);
  const orders = (["score", "price_asc", "price_desc", "rating", "newest"] as const).map((order) => ids(index.inOrder(order)));
  const withWord = words.map((word) => {
    const marks = new Uint8Array(index.slotCount);
    index.markContaining([word], marks);
    return ids([...marks.keys()].filter((slot) => marks[slot])).sort((a, b) => a - b);
  });
  return { estates: [...estates].sort((a, b) => a[0] - b[0]), orders, byType: [...index.listedByType()].sort(), withWord };
}

describe("a full load", () => {
  it("reads the catalogue page by page into the same index as in one read", async () => {
    const complexType = await t.make.type({ kind: "complex" });
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(await t.make.estate({ typeId: type.id, price: 2000 + (i % 3) * 500, title: { ru: `Пагинa${i}`, en: `pagewise${i} lake`, ky: `бет${i}` } }));
      // Unpublished estates between published ones: a page is counted in published estates.
      await t.make.estate({ typeId: type.id, status: "draft" });
    }
    const complex = await t.make.estate({ typeId: complexType.id });
    for (let i = 0; i < 3; i++) await t.make.estate({ typeId: complexType.id, parentId: complex.id });
    await t.make.booking(made[1], day(10), day(12));
    await t.make.booking(made[1], day(20), day(25));
    await t.make.booking(made[4], day(3), day(5), "pending_confirmation");
    await t.make.blockedDates(made[2].id, [day(7), day(8)]);
    await t.make.blockedDates(made[6].id, [day(30)]);

    const paged = new SearchIndex(t.db, { loadPageRows: 2 });
    const whole = new SearchIndex(t.db, { loadPageRows: 1_000_000 });
    await paged.sync();
    await whole.sync();
    const words = ["pagewise", "pagewise3", "lake", "Bishkek", "Бишкек", "бет"];
    const expected = contentsOf(whole, words);
    expect(expected.estates.length).toBeGreaterThan(10);
    expect(expected.withWord[0]).toEqual(made.map((e) => e.id));
    expect(contentsOf(paged, words)).toEqual(expected);
  });

  it("keeps the last full index until a reload has read every page", async () => {
    const estate = await t.make.estate({ typeId: type.id, price: 4321 });
    const index = new SearchIndex(t.db, { loadPageRows: 1 });
    await index.sync();
    const listed = index.listedCount;
    // A bulk load logs "reload everything"; the reload reads its pages in one snapshot.
    await t.db.update(schema.estates).set({ status: "archived" }).where(eq(schema.estates.id, estate.id));
    await t.db.insert(schema.searchChanges).values({ estateId: null });
    let done = false;
    const reloading = index.sync().then(() => (done = true));
    // While the reload reads its pages (one query each), the index answers with the whole previous
    // catalogue, never a part of the new one.
    const seen: number[] = [];
    while (!done) {
      seen.push(index.listedCount);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await reloading;
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set([listed]));
    expect(index.listedCount).toBe(listed - 1);
  });
});
