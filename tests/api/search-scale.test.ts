/**
 * The search over thousands of listings: matches that rank after every other listing, the total
 * it reports when it stopped early, and the order kept across pages.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_TOTAL_CAP, type SearchResponse } from "../../contract/estate";
import * as schema from "../../api/db/schema";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
type Search = { success: true; data: SearchResponse };
const search = async (body: Record<string, unknown>) => (await t.post<Search>("/api/v1/guest/estate", body)).body.data;

/** More listings than a page, its total and several windows of a walk in order. */
const MANY = 2100;

let common: { id: number };
let rare: { id: number };
let rareEstates: number[];

beforeAll(async () => {
  common = await t.make.type();
  rare = await t.make.type();
  const host = await t.make.user({ mode: "host" });
  const row = (i: number, overrides: Partial<typeof schema.estates.$inferInsert>) => ({
    slug: `scale-${i}`,
    hostId: host.id,
    typeId: common.id,
    status: "published" as const,
    lat: 42.87,
    lng: 74.59,
    capacity: 4,
    bedCount: 2,
    price: 2000 + (i % 1000),
    score: 1 - i / 10_000,
    ...overrides,
  });
  // Thousands of listings, all ranking above the few of the rare type.
  const many = Array.from({ length: MANY }, (_, i) => row(i, {}));
  const few = [0, 1, 2].map((i) => row(100_000 + i, { typeId: rare.id, score: -i, price: 90_000 + i }));
  await t.db.insert(schema.estates).values(many);
  const inserted = await t.db.insert(schema.estates).values(few).returning({ id: schema.estates.id });
  rareEstates = inserted.map((r) => r.id);
});

describe("search over thousands of listings", () => {
  it("finds matches that rank after every other listing", async () => {
    const data = await search({ type: rare.id });
    expect(data.estates.map((e) => e.id)).toEqual(rareEstates);
    // Every match was seen: the total is exact.
    expect(data).toMatchObject({ total: 3, totalExact: true, hasMore: false });
  });

  it("finds the few in a price range at the far end of a price order", async () => {
    const data = await search({ priceFrom: 90_000, priceTo: 95_000, orderBy: "price_desc" });
    expect(data.estates.map((e) => e.id)).toEqual([...rareEstates].reverse());
  });

  it("counts up to the cap when a broad search fills its page early, and says that one count on every page", async () => {
    const data = await search({ type: common.id });
    expect(data.estates).toHaveLength(16);
    expect(data).toMatchObject({ total: SEARCH_TOTAL_CAP, totalExact: false, hasMore: true });
    // Issue 27: "100+" → "113+" → "241+" while paging read as a count that kept changing.
    for (const page of [7, 8, 10, 16]) {
      const deep = await search({ type: common.id, page, perPage: 16 });
      expect(deep.estates).toHaveLength(16);
      expect(deep).toMatchObject({ total: SEARCH_TOTAL_CAP, totalExact: false, hasMore: true });
    }
  });

  it("keeps the order across pages", async () => {
    const first = await search({ type: common.id, orderBy: "price_asc", perPage: 50 });
    const second = await search({ type: common.id, orderBy: "price_asc", perPage: 50, page: 2 });
    const prices = [...first.estates, ...second.estates].map((e) => e.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set([...first.estates, ...second.estates].map((e) => e.id)).size).toBe(100);
  });
});
