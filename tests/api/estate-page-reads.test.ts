/**
 * The estate page's reads kept in memory until the next write (api/lib/kept-while-unwritten.ts,
 * docs/decisions): whatever is edited shows on the very next read, a review that opens with time shows
 * once it has opened, and a stay's calendar cut from the kept one is what the database says for it.
 * On PostgreSQL (kept until any node writes, decision 0086) the same expectations hold.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { AvailableDatesResponse, EstateDetail, ReviewsResponse } from "../../contract/estate";
import { estatePhotos, estates, estateTexts, parameters, reviews, users } from "../../api/db/schema";
import { calendarOf, loadCalendar } from "../../api/services/calendar";
import { day, setupTestApi, text } from "./helpers";

const t = setupTestApi();

const detail = async (id: number, query = "") => {
  const response = await t.get<{ data: { estate: EstateDetail } }>(`/api/v1/guest/estate/${id}${query}`, { "Accept-Language": "en" });
  expect(response.status).toBe(200);
  return response.body.data.estate;
};
const monthOf = async (id: number, from: string, to: string) => (await t.get<{ data: AvailableDatesResponse }>(`/api/v1/guest/estate/available_dates/${id}?from=${from}&to=${to}`)).body.data;
const reviewsOf = async (id: number) => (await t.get<{ data: ReviewsResponse }>(`/api/v1/guest/estate/review/${id}?page=1&perPage=6`)).body.data;

describe("the estate page's reads, kept until the next write", () => {
  it("show every edit at once: price, per-date price, closed night, booking, minimum stay, photo, text, amenity, host, review", async () => {
    const host = await t.make.user({ mode: "host", firstName: "Asel" });
    const wifi = await t.make.parameter({ name: text("Вай-фай", "Wi-Fi") });
    const estate = await t.make.estate({ hostId: host.id, price: 3000, title: text("Дом", "House"), parameterIds: [wifi.id] });
    await t.make.photo(estate.id, { sortOrder: 1 });
    const stay = `?checkInDate=${day(10)}&checkOutDate=${day(13)}&adultCount=2`;
    // Read twice: the second answer may come from memory.
    await detail(estate.id, stay);
    const before = await detail(estate.id, stay);
    expect(before).toMatchObject({ price: 3000, stayPrice: 9000, title: "House", photos: [{}], parameters: [{ name: "Wi-Fi" }], host: { name: "Asel" } });
    expect(before.stay).toMatchObject({ available: true });
    await monthOf(estate.id, day(0), day(30));
    expect((await monthOf(estate.id, day(0), day(30))).unavailable).toEqual([]);

    await t.db.update(estates).set({ price: 3500 }).where(eq(estates.id, estate.id));
    expect(await detail(estate.id, stay)).toMatchObject({ price: 3500, stayPrice: 10_500 });

    await t.make.prices(estate.id, { [day(11)]: 5000 });
    expect((await detail(estate.id, stay)).stayPrice).toBe(3500 + 5000 + 3500);
    expect((await monthOf(estate.id, day(0), day(30))).prices).toEqual([{ date: day(11), price: 5000 }]);

    await t.make.blockedDates(estate.id, [day(12)]);
    expect((await detail(estate.id, stay)).stay).toMatchObject({ available: false, reason: "blocked" });
    expect((await monthOf(estate.id, day(0), day(30))).unavailable).toEqual([day(12)]);

    await t.make.booking(estate, day(20), day(22));
    expect((await detail(estate.id, `?checkInDate=${day(21)}&checkOutDate=${day(23)}&adultCount=1`)).stay).toMatchObject({ available: false, reason: "booked" });
    expect((await monthOf(estate.id, day(0), day(30))).unavailable).toEqual([day(12), day(20), day(21)]);

    await t.db.execute(sql`INSERT INTO estate_min_stays (estate_id, date, min_nights) VALUES (${estate.id}, ${day(14)}::date, 4)`);
    expect((await detail(estate.id, `?checkInDate=${day(14)}&checkOutDate=${day(16)}&adultCount=1`)).stay).toMatchObject({ reason: "min_nights", minNights: 4 });

    await t.make.photo(estate.id, { sortOrder: 2 });
    expect((await detail(estate.id, stay)).photos).toHaveLength(2);

    await t.db.update(estateTexts).set({ title: text("Дом у реки", "River house") }).where(eq(estateTexts.estateId, estate.id));
    expect((await detail(estate.id, stay)).title).toBe("River house");

    await t.db.update(parameters).set({ name: text("Интернет", "Internet") }).where(eq(parameters.id, wifi.id));
    expect((await detail(estate.id, stay)).parameters).toMatchObject([{ name: "Internet" }]);

    await t.db.update(users).set({ firstName: "Aida" }).where(eq(users.id, host.id));
    expect((await detail(estate.id, stay)).host.name).toBe("Aida");

    await t.db.delete(estatePhotos).where(eq(estatePhotos.estateId, estate.id));
    expect((await detail(estate.id, stay)).photos).toEqual([]);

    expect((await reviewsOf(estate.id)).total).toBe(0);
    const review = await t.make.review(estate.id, 4);
    expect((await detail(estate.id, stay)).reviews.count).toBe(1);
    expect((await reviewsOf(estate.id)).items).toMatchObject([{ id: review.id, rating: 4 }]);
    await t.db.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.id, review.id));
    expect((await detail(estate.id, stay)).reviews.count).toBe(0);
    expect((await reviewsOf(estate.id)).items).toEqual([]);

    await t.db.update(estates).set({ status: "archived" }).where(eq(estates.id, estate.id));
    expect((await t.get(`/api/v1/guest/estate/${estate.id}`)).status).toBe(404);
    expect((await t.get(`/api/v1/guest/estate/available_dates/${estate.id}?from=${day(0)}&to=${day(30)}`)).status).toBe(404);
  });

  it("show a review that opens with time, with no write in between", async () => {
    const estate = await t.make.estate();
    // Written now, readable in a moment (the end of its window, double-blind): nothing is written when it opens.
    await t.make.review(estate.id, 5, { publishedAt: new Date(Date.now() + 1500) });
    expect((await detail(estate.id)).reviews.count).toBe(0);
    expect((await detail(estate.id)).reviews.count).toBe(0);
    expect((await reviewsOf(estate.id)).total).toBe(0);
    expect((await reviewsOf(estate.id)).total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await detail(estate.id)).reviews.count).toBe(1);
    expect((await reviewsOf(estate.id)).total).toBe(1);
  });

  it("cut a stay's calendar from the kept one exactly as the database reads it", async () => {
    const estate = await t.make.estate();
    const today = new Date().toISOString().slice(0, 10);
    const at = (offset: number) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
    await t.make.booking(estate, at(-45), at(-38));
    await t.make.booking(estate, at(3), at(6));
    await t.make.booking(estate, at(9), at(10));
    await t.make.booking(estate, at(40), at(47));
    await t.make.booking(estate, at(12), at(14), "cancelled_by_guest");
    await t.make.blockedDates(estate.id, [at(-50), at(0), at(7), at(8), at(100)]);
    await t.make.prices(estate.id, { [at(-39)]: 1000, [at(2)]: 2000, [at(11)]: 3000, [at(90)]: 4000 });
    await t.db.execute(sql`INSERT INTO estate_min_stays (estate_id, date, min_nights) VALUES (${estate.id}, ${at(5)}::date, 3), (${estate.id}, ${at(60)}::date, 5)`);
    const plain = (c: Awaited<ReturnType<typeof loadCalendar>>) => ({
      booked: [...c.booked].sort(),
      blocked: [...c.blocked].sort(),
      prices: [...c.prices].sort(),
      minNights: [...(c.minNights ?? [])].sort(),
    });
    for (const [from, to] of [
      [-31, 30],
      [-10, 1],
      [0, 3],
      [2, 4],
      [6, 9],
      [5, 12],
      [9, 10],
      [10, 11],
      [38, 49],
      [46, 120],
      [-60, -30],
    ]) {
      for (const preparation of [0, 1, 2]) {
        const range = [at(from), at(to)] as const;
        expect(plain(await calendarOf(t.db, estate.id, ...range, preparation)), `${range} preparation ${preparation}`).toEqual(plain(await loadCalendar(t.db, estate.id, ...range, preparation)));
      }
    }
  });
});
