/**
 * The search's cards (api/services/search/kept-cards.ts): kept in memory until the next write
 * (on PGlite, this process's; on PostgreSQL, any node's: decision 0086), with the stay's nightly prices from the search index.
 * Either way a search shows every edit committed before it, and the same cards the database's
 * own card query gives.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { EstateCard, SearchResponse } from "../../contract/estate";
import * as schema from "../../api/db/schema";
import { loadCards } from "../../api/services/estate-cards";
import { intArray } from "../../api/lib/sql";
import { day, text, setupTestApi } from "./helpers";

const PUBLIC_URL = "https://konok.test";
const t = setupTestApi({ publicUrl: PUBLIC_URL });
type Search = { success: true; data: SearchResponse };

let type: { id: number };
// A week with a weekend: the host's date prices, the weekend price and the weekly discount all count.
const stay = { checkInDate: day(5), checkOutDate: day(12) };

async function search(body: Record<string, unknown>): Promise<EstateCard[]> {
  const { status, body: json } = await t.post<Search>("/api/v1/guest/estate", body, { "Accept-Language": "en" });
  expect(status).toBe(200);
  return json.data.estates;
}
const card = async (id: number, body: Record<string, unknown> = {}) => (await search({ type: type.id, ...body })).find((c) => c.id === id);

beforeEach(async () => {
  type = await t.make.type();
});

describe("search cards", () => {
  it("are those of the database's card query, with and without a stay", async () => {
    const subtype = await t.make.subtype(type.id);
    const plain = await t.make.estate({ typeId: type.id, price: 2000, rating: 4.5 });
    const priced = await t.make.estate({ typeId: type.id, subtypeId: subtype.id, price: 3000, weekendPrice: 4000, cleaningFee: 500, weeklyDiscount: 10, star: 3 });
    await t.make.prices(priced.id, { [day(6)]: 9000, [day(11)]: 8000, [day(12)]: 1 });
    await t.make.photo(priced.id, { alt: text("Вид", "View", "Көрүнүш") });
    await t.make.photo(priced.id);
    for (const body of [{}, stay, { ...stay, adultCount: 1 }]) {
      // Twice: the first search reads the cards, the second may use what the first kept.
      for (let round = 0; round < 2; round++) {
        const found = await search({ type: type.id, ...body });
        expect(found.map((c) => c.id).sort()).toEqual([plain.id, priced.id].sort());
        const dated = "checkInDate" in body ? { ...stay, guests: (body as { adultCount?: number }).adultCount ?? 2 } : null;
        const expected = await loadCards(
          t.db,
          { where: sql`e.id = ANY(${intArray(found.map((c) => c.id))})`, orderBy: "score", limit: 16, stay: dated },
          { locale: "en", uploadsUrl: `${PUBLIC_URL}/uploads` },
        );
        const byId = new Map(expected.map((c) => [c.id, c]));
        expect(found).toEqual(found.map((c) => byId.get(c.id)));
      }
    }
    const withStay = (await search({ type: type.id, ...stay })).find((c) => c.id === priced.id)!;
    expect(withStay).toMatchObject({ nights: 7, subtype: { id: subtype.id }, star: 3 });
    expect(withStay.photos).toHaveLength(2);
  });

  it("show an edited title, price, photo, type name and the host's price for a night at once", async () => {
    const estate = await t.make.estate({ typeId: type.id, price: 3000 });
    const before = (await card(estate.id, stay))!;
    expect(before).toMatchObject({ price: 3000, photos: [] });
    expect(await card(estate.id)).toMatchObject({ price: 3000 });

    await t.db.update(schema.estateTexts).set({ title: text("Новое", "Renamed house", "Жаңы") }).where(eq(schema.estateTexts.estateId, estate.id));
    expect(await card(estate.id)).toMatchObject({ title: "Renamed house" });

    await t.db.update(schema.estates).set({ price: 3500 }).where(eq(schema.estates.id, estate.id));
    expect(await card(estate.id)).toMatchObject({ price: 3500 });
    expect((await card(estate.id, stay))!.stayPrice).toBe(before.stayPrice! + 7 * 500);

    const photo = await t.make.photo(estate.id);
    expect((await card(estate.id))!.photos.map((p) => p.id)).toEqual([photo.id]);
    await t.db.update(schema.estatePhotos).set({ width: 640 }).where(eq(schema.estatePhotos.id, photo.id));
    expect((await card(estate.id))!.photos[0].width).toBe(640);
    await t.db.delete(schema.estatePhotos).where(eq(schema.estatePhotos.id, photo.id));
    expect((await card(estate.id))!.photos).toEqual([]);

    await t.db.update(schema.estateTypes).set({ name: text("Юрта", "Yurt renamed", "Боз үй") }).where(eq(schema.estateTypes.id, type.id));
    expect((await card(estate.id))!.type.name).toBe("Yurt renamed");

    const dated = (await card(estate.id, stay))!.stayPrice!;
    await t.make.prices(estate.id, { [day(7)]: 10_000 });
    expect((await card(estate.id, stay))!.stayPrice).toBe(dated + 10_000 - 3500);
    await t.db.update(schema.estatePrices).set({ price: 4000 }).where(eq(schema.estatePrices.estateId, estate.id));
    expect((await card(estate.id, stay))!.stayPrice).toBe(dated + 4000 - 3500);
  });

  it("leave out an estate unpublished after the index picked it, and follow one published again", async () => {
    const estate = await t.make.estate({ typeId: type.id });
    expect((await search({ type: type.id })).map((c) => c.id)).toEqual([estate.id]);
    await t.db.update(schema.estates).set({ status: "archived" }).where(eq(schema.estates.id, estate.id));
    expect(await search({ type: type.id })).toEqual([]);
    await t.db.update(schema.estates).set({ status: "published", slug: `moved-${estate.id}` }).where(eq(schema.estates.id, estate.id));
    expect(await card(estate.id)).toMatchObject({ slug: `moved-${estate.id}` });
  });
});
