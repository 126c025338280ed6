import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type { EstateCard, SearchResponse } from "../../contract/estate";
import { day, text, setupTestApi } from "./helpers";

const t = setupTestApi();
type Search = { success: true; data: SearchResponse };

async function search(body: Record<string, unknown>) {
  const { status, body: json } = await t.post<Search>("/api/v1/guest/estate", body);
  expect(status).toBe(200);
  expect(json.success).toBe(true);
  return json.data;
}
const ids = (estates: EstateCard[]) => estates.map((e) => e.id);

describe("POST /api/v1/guest/estate", () => {
  it("applies the defaults of SPEC section 9 and echoes the filter it applied", async () => {
    const type = await t.make.type();
    await t.make.estate({ typeId: type.id });
    const data = await search({ type: type.id });
    expect(data.filter).toMatchObject({
      adultCount: 2,
      childrenCount: 0,
      priceFrom: 300,
      priceTo: 130_000,
      orderBy: "score",
      type: type.id,
      location: null,
      checkInDate: null,
      star: [],
    });
    expect(data).toMatchObject({ page: 1, perPage: 16, total: 1, hasMore: false });
    expect(data.filter).not.toHaveProperty("page");
  });

  it("keeps only the estate that is free, big enough and inside the price", async () => {
    const type = await t.make.type();
    const booked = await t.make.estate({ typeId: type.id });
    await t.make.booking(booked, day(0), day(3));
    await t.make.estate({ typeId: type.id, capacity: 2 });
    await t.make.estate({ typeId: type.id, price: 200_000 });
    const fits = await t.make.estate({ typeId: type.id });

    const data = await search({ type: type.id, checkInDate: day(1), checkOutDate: day(4), adultCount: 2, childrenCount: 1 });
    expect(ids(data.estates)).toEqual([fits.id]);
    expect(data.total).toBe(1);
  });

  it("excludes overlapping active bookings and blocked nights, but not touching or cancelled ones", async () => {
    const type = await t.make.type();
    const endsOnArrival = await t.make.estate({ typeId: type.id });
    await t.make.booking(endsOnArrival, day(0), day(5));
    const startsOnDeparture = await t.make.estate({ typeId: type.id });
    await t.make.booking(startsOnDeparture, day(8), day(10));
    const cancelled = await t.make.estate({ typeId: type.id });
    await t.make.booking(cancelled, day(5), day(8), "cancelled_by_guest");
    const overlapping = await t.make.estate({ typeId: type.id });
    await t.make.booking(overlapping, day(7), day(9), "pending_confirmation");
    const blockedInside = await t.make.estate({ typeId: type.id });
    await t.make.blockedDates(blockedInside.id, [day(7)]);
    const blockedOnDeparture = await t.make.estate({ typeId: type.id });
    await t.make.blockedDates(blockedOnDeparture.id, [day(8)]);

    const data = await search({ type: type.id, checkInDate: day(5), checkOutDate: day(8), orderBy: "price_asc" });
    expect(ids(data.estates).sort()).toEqual([endsOnArrival.id, startsOnDeparture.id, cancelled.id, blockedOnDeparture.id].sort());
  });

  it("shows a complex for dates only while one of its units is free and fits the party", async () => {
    const type = await t.make.type();
    const complex = await t.make.estate({ typeId: type.id, capacity: 10 });
    const unitA = await t.make.estate({ typeId: type.id, parentId: complex.id, capacity: 2 });
    const unitB = await t.make.estate({ typeId: type.id, parentId: complex.id, capacity: 4 });
    await t.make.booking(unitA, day(20), day(22));

    const free = await search({ type: type.id, checkInDate: day(20), checkOutDate: day(22) });
    expect(ids(free.estates)).toEqual([complex.id]);

    await t.make.booking(unitB, day(21), day(23));
    const full = await search({ type: type.id, checkInDate: day(20), checkOutDate: day(22) });
    expect(full.estates).toEqual([]);
    expect((await search({ type: type.id, checkInDate: day(30), checkOutDate: day(31) })).total).toBe(1);
    expect((await search({ type: type.id, checkInDate: day(30), checkOutDate: day(31), adultCount: 5 })).total).toBe(0);
  });

  it("returns top-level published estates only", async () => {
    const type = await t.make.type();
    const complex = await t.make.estate({ typeId: type.id });
    await t.make.estate({ typeId: type.id, parentId: complex.id });
    await t.make.estate({ typeId: type.id, status: "draft" });
    await t.make.estate({ typeId: type.id, status: "archived" });
    expect(ids((await search({ type: type.id })).estates)).toEqual([complex.id]);
  });

  it("finds places by text with typos, in Russian and English, in any case", async () => {
    const type = await t.make.type();
    const karakol = await t.make.estate({
      typeId: type.id,
      title: text("Гостевой дом у озера", "Lakeside guest house", "Көл жээгиндеги үй"),
      city: text("Каракол", "Karakol", "Каракол"),
    });
    const bishkek = await t.make.estate({ typeId: type.id, city: text("Бишкек", "Bishkek", "Бишкек") });
    const osh = await t.make.estate({ typeId: type.id, city: text("Ош", "Osh", "Ош") });

    expect(ids((await search({ type: type.id, location: "Karakl" })).estates)).toEqual([karakol.id]);
    expect(ids((await search({ type: type.id, location: "каракл" })).estates)).toEqual([karakol.id]);
    expect(ids((await search({ type: type.id, location: "бишкек" })).estates)).toEqual([bishkek.id]);
    expect(ids((await search({ type: type.id, location: "Бишкик" })).estates)).toEqual([bishkek.id]);
    expect(ids((await search({ type: type.id, location: "Bishkke" })).estates)).toEqual([bishkek.id]);
    expect(ids((await search({ type: type.id, location: "BISHKEK" })).estates)).toEqual([bishkek.id]);
    expect(ids((await search({ type: type.id, location: "lakeside" })).estates)).toEqual([karakol.id]);
    expect(ids((await search({ type: type.id, location: "Ош" })).estates)).toEqual([osh.id]);
    expect((await search({ type: type.id, location: "Naryn" })).estates).toEqual([]);
    // Every word must match, in any field and order; a misspelt one is corrected on its own.
    expect(ids((await search({ type: type.id, location: "Karakol, lakeside" })).estates)).toEqual([karakol.id]);
    expect(ids((await search({ type: type.id, location: "lakesde  KARAKOL" })).estates)).toEqual([karakol.id]);
    expect((await search({ type: type.id, location: "Karakol Bishkek" })).estates).toEqual([]);
    // LIKE wildcards in the text are plain characters.
    expect((await search({ type: type.id, location: "%" })).estates).toEqual([]);
  });

  it("filters by beds, type, subtype, stars, rating band, instant confirmation", async () => {
    const type = await t.make.type();
    const sub = await t.make.subtype(type.id);
    const a = await t.make.estate({ typeId: type.id, subtypeId: sub.id, bedCount: 4, star: 5, rating: 4.6, isInstantConfirmation: true });
    const b = await t.make.estate({ typeId: type.id, bedCount: 2, star: 3, rating: 4.1 });
    const c = await t.make.estate({ typeId: type.id, bedCount: 1, star: 4, rating: 3.2 });
    const d = await t.make.estate({ typeId: type.id, bedCount: 3, rating: null });
    const found = async (filter: Record<string, unknown>) => ids((await search({ type: type.id, orderBy: "price_asc", ...filter })).estates).sort();

    expect(await found({})).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(await found({ bedCount: 3 })).toEqual([a.id, d.id].sort());
    expect(await found({ subtype: sub.id })).toEqual([a.id]);
    expect(await found({ star: [3, 4] })).toEqual([b.id, c.id].sort());
    expect(await found({ rate: "excellent" })).toEqual([a.id]);
    expect(await found({ rate: "good" })).toEqual([a.id, b.id].sort());
    expect(await found({ rate: "normal" })).toEqual([a.id, b.id, c.id].sort());
    expect(await found({ isInstantConfirmation: true })).toEqual([a.id]);
    expect(await found({ isInstantConfirmation: false })).toEqual([a.id, b.id, c.id, d.id].sort());
  });

  it("needs all asked parameters and any asked nutrition", async () => {
    const type = await t.make.type();
    const [wifi, pool, parking] = [await t.make.parameter(), await t.make.parameter(), await t.make.parameter()];
    const [breakfast, allInclusive] = [await t.make.nutrition(), await t.make.nutrition()];
    const both = await t.make.estate({ typeId: type.id, parameterIds: [wifi.id, pool.id, parking.id], nutritionIds: [breakfast.id] });
    const wifiOnly = await t.make.estate({ typeId: type.id, parameterIds: [wifi.id], nutritionIds: [allInclusive.id] });
    await t.make.estate({ typeId: type.id });

    expect(ids((await search({ type: type.id, parameters: [wifi.id, pool.id] })).estates)).toEqual([both.id]);
    expect(ids((await search({ type: type.id, parameters: [wifi.id], orderBy: "price_asc" })).estates).sort()).toEqual(
      [both.id, wifiOnly.id].sort(),
    );
    expect(ids((await search({ type: type.id, nutrition: [allInclusive.id] })).estates)).toEqual([wifiOnly.id]);
    expect(ids((await search({ type: type.id, nutrition: [breakfast.id, allInclusive.id], orderBy: "price_asc" })).estates).sort()).toEqual(
      [both.id, wifiOnly.id].sort(),
    );
  });

  it("filters by nightly price range and by the map corners", async () => {
    const type = await t.make.type();
    const cheap = await t.make.estate({ typeId: type.id, price: 1000, lat: 42.5, lng: 78.4 });
    const mid = await t.make.estate({ typeId: type.id, price: 5000, lat: 42.9, lng: 74.6 });
    const dear = await t.make.estate({ typeId: type.id, price: 20_000, lat: 40.5, lng: 72.8 });
    expect(ids((await search({ type: type.id, priceFrom: 1000, priceTo: 5000, orderBy: "price_asc" })).estates)).toEqual([cheap.id, mid.id]);
    expect(ids((await search({ type: type.id, priceFrom: 5001 })).estates)).toEqual([dear.id]);
    const box = { topRight: { lat: 43, lng: 79 }, leftBottom: { lat: 42, lng: 74 } };
    expect(ids((await search({ type: type.id, ...box, orderBy: "price_asc" })).estates)).toEqual([cheap.id, mid.id]);
  });

  it("sorts by score, price both ways, rating with unrated last, and newest", async () => {
    const type = await t.make.type();
    const a = await t.make.estate({ typeId: type.id, score: 0.5, price: 4000, rating: 4.2, createdAt: new Date("2030-01-03") });
    const b = await t.make.estate({ typeId: type.id, score: 0.9, price: 2000, rating: null, createdAt: new Date("2030-01-01") });
    const c = await t.make.estate({ typeId: type.id, score: 0.1, price: 3000, rating: 4.8, createdAt: new Date("2030-01-02") });
    const order = async (orderBy: string) => ids((await search({ type: type.id, orderBy })).estates);
    expect(await order("score")).toEqual([b.id, a.id, c.id]);
    expect(await order("price_asc")).toEqual([b.id, c.id, a.id]);
    expect(await order("price_desc")).toEqual([a.id, c.id, b.id]);
    expect(await order("rating")).toEqual([c.id, a.id, b.id]);
    expect(await order("newest")).toEqual([a.id, c.id, b.id]);
  });

  it("pages by rating across the rated and the unrated", async () => {
    const type = await t.make.type();
    const ratings = [null, 4.1, null, 4.9, 3.5, null, 4.1];
    const made = [];
    for (const rating of ratings) made.push(await t.make.estate({ typeId: type.id, rating }));
    const byRating = [made[3], made[1], made[6], made[4], made[0], made[2], made[5]].map((e) => e.id);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(...ids((await search({ type: type.id, orderBy: "rating", page, perPage: 3 })).estates));
    }
    expect(pages).toEqual(byRating);
  });

  it("pages with hasMore and the total of all matches", async () => {
    const type = await t.make.type();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await t.make.estate({ typeId: type.id, price: 1000 + i }));
    const page = (n: number) => search({ type: type.id, orderBy: "price_asc", page: n, perPage: 3 });

    const first = await page(1);
    expect(first).toMatchObject({ total: 7, totalExact: true, hasMore: true, page: 1, perPage: 3 });
    expect(ids(first.estates)).toEqual(made.slice(0, 3).map((e) => e.id));
    const last = await page(3);
    expect(last).toMatchObject({ total: 7, hasMore: false, page: 3 });
    expect(ids(last.estates)).toEqual([made[6].id]);
    expect(await page(4)).toMatchObject({ estates: [], total: 7, hasMore: false });
  });

  it("prices the stay on each card when dates are given, with per-date prices", async () => {
    const type = await t.make.type();
    const estate = await t.make.estate({ typeId: type.id, price: 3000 });
    await t.make.prices(estate.id, { [day(41)]: 5000, [day(43)]: 9999 });
    const [withDates] = (await search({ type: type.id, checkInDate: day(40), checkOutDate: day(43) })).estates;
    expect(withDates).toMatchObject({ price: 3000, nights: 3, stayPrice: 3000 + 5000 + 3000 });
    const [withoutDates] = (await search({ type: type.id })).estates;
    expect(withoutDates).toMatchObject({ stayPrice: null, nights: null });
  });

  it("builds cards with localized names and up to five photos", async () => {
    const type = await t.make.type({ name: text("Квартира", "Apartment", "Батир") });
    const sub = await t.make.subtype(type.id, { name: text("Студия", "Studio", "") });
    const estate = await t.make.estate({ typeId: type.id, subtypeId: sub.id, title: text("Уютная квартира", "Cozy flat", "") });
    for (let i = 0; i < 6; i++) await t.make.photo(estate.id);

    const [card] = (await search({ type: type.id })).estates;
    expect(card.photos).toHaveLength(5);
    expect(card).toMatchObject({ title: "Уютная квартира", type: { id: type.id, name: "Квартира" }, subtype: { name: "Студия" }, city: "Бишкек" });

    const { body } = await t.post<Search>("/api/v1/guest/estate?locale=ky", { type: type.id });
    // No Kyrgyz text: Russian stands in.
    expect(body.data.estates[0]).toMatchObject({ title: "Уютная квартира", type: { name: "Батир" }, subtype: { name: "Студия" } });
    const en = await t.post<Search>("/api/v1/guest/estate", { type: type.id }, { "Accept-Language": "en-US,en;q=0.9,ru;q=0.8" });
    expect(en.body.data.estates[0]).toMatchObject({ title: "Cozy flat", city: "Bishkek", type: { name: "Apartment" } });
  });

  it("treats an empty body as all defaults", async () => {
    const { status, body } = await t.post<Search>("/api/v1/guest/estate");
    expect(status).toBe(200);
    expect(body.data.filter.orderBy).toBe("score");
  });
});

describe("POST /api/v1/guest/estate with bad input", () => {
  const expect422 = async (body: unknown, field: string) => {
    const { status, body: json } = await t.post<ErrorBody>("/api/v1/guest/estate", body);
    expect(status).toBe(422);
    expect(json.success).toBe(false);
    expect(typeof json.message).toBe("string");
    expect(json.errors?.[field]?.length).toBeGreaterThan(0);
    return json;
  };

  it("names the field that is wrong", async () => {
    await expect422({ checkInDate: day(5), checkOutDate: day(5) }, "checkOutDate");
    await expect422({ checkInDate: day(5), checkOutDate: day(2) }, "checkOutDate");
    await expect422({ checkInDate: day(5) }, "checkOutDate");
    await expect422({ checkInDate: "2031-02-30", checkOutDate: day(70) }, "checkInDate");
    await expect422({ priceFrom: 5000, priceTo: 1000 }, "priceTo");
    await expect422({ page: 0 }, "page");
    await expect422({ perPage: 1000 }, "perPage");
    await expect422({ adultCount: "many" }, "adultCount");
    await expect422({ orderBy: "cheapest" }, "orderBy");
    await expect422({ rate: "superb" }, "rate");
    await expect422({ star: [6] }, "star.0");
    await expect422({ topRight: { lat: 91, lng: 75 }, leftBottom: { lat: 42, lng: 74 } }, "topRight.lat");
    await expect422({ topRight: { lat: 42, lng: 75 }, leftBottom: { lat: 43, lng: 74 } }, "topRight.lat");
    await expect422({ topRight: { lat: 43, lng: 75 } }, "topRight");
  });

  it("answers malformed JSON and a non-object body with 422", async () => {
    const malformed = await expect422("{ not json", "body");
    expect(malformed.message).toMatch(/JSON/);
    await expect422("[1, 2]", "body");
    await expect422("null", "body");
  });
});
