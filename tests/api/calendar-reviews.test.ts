import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type { AvailableDatesResponse, ReviewsResponse } from "../../contract/estate";
import { addDays, todayInBishkek } from "../../contract/dates";
import { day, setupTestApi } from "./helpers";

const t = setupTestApi();
type Calendar = { success: true; data: AvailableDatesResponse };
type Reviews = { success: true; data: ReviewsResponse };

describe("GET /api/v1/guest/estate/available_dates/{id}", () => {
  it("lists the nights taken by active bookings or blocked, and the per-date prices", async () => {
    const estate = await t.make.estate({ price: 3000 });
    await t.make.booking(estate, day(2), day(5));
    await t.make.booking(estate, day(5), day(6), "pending_payment");
    await t.make.booking(estate, day(7), day(9), "declined");
    await t.make.booking(estate, day(-3), day(1));
    await t.make.blockedDates(estate.id, [day(8), day(10), day(30)]);
    await t.make.prices(estate.id, { [day(3)]: 3500, [day(9)]: 4000, [day(11)]: 9000 });

    const { status, body } = await t.get<Calendar>(`/api/v1/guest/estate/available_dates/${estate.slug}?from=${day(0)}&to=${day(10)}`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      from: day(0),
      to: day(10),
      // The night of day(5) is taken (check-out day of one booking, check-in day of the next).
      unavailable: [day(0), day(2), day(3), day(4), day(5), day(8), day(10)],
      prices: [
        { date: day(3), price: 3500 },
        { date: day(9), price: 4000 },
      ],
      price: 3000,
    });
  });

  it("covers today and the year after it by default", async () => {
    const estate = await t.make.estate();
    const { body } = await t.get<Calendar>(`/api/v1/guest/estate/available_dates/${estate.id}`);
    const today = todayInBishkek();
    expect(body.data).toMatchObject({ from: today, to: addDays(today, 365), unavailable: [], prices: [] });
  });

  it("refuses ranges that are reversed or longer than 400 days", async () => {
    const estate = await t.make.estate();
    for (const query of [`from=${day(10)}&to=${day(9)}`, `from=${day(0)}&to=${day(401)}`, `from=tomorrow`]) {
      const { status, body } = await t.get<ErrorBody>(`/api/v1/guest/estate/available_dates/${estate.id}?${query}`);
      expect(status, query).toBe(422);
      expect(Object.keys(body.errors ?? {}), query).toHaveLength(1);
    }
    expect((await t.get(`/api/v1/guest/estate/available_dates/${estate.id}?from=${day(0)}&to=${day(400)}`)).status).toBe(200);
  });

  it("is 404 for an estate guests cannot see", async () => {
    const draft = await t.make.estate({ status: "draft" });
    expect((await t.get<ErrorBody>(`/api/v1/guest/estate/available_dates/${draft.id}`)).status).toBe(404);
  });
});

describe("GET /api/v1/guest/estate/review/{id}", () => {
  it("pages the reviews newest first, with a summary of all of them", async () => {
    const estate = await t.make.estate();
    const ratings = [5, 5, 4, 3, 5, 1, 4, 5, 5, 4, 2, 5];
    const made = [];
    for (const [i, rating] of ratings.entries()) {
      made.push(await t.make.review(estate.id, rating, { createdAt: new Date(Date.UTC(2030, 0, 1 + i, 9, 30)) }));
    }

    const first = await t.get<Reviews>(`/api/v1/guest/estate/review/${estate.id}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, perPage: 10, total: 12, hasMore: true });
    expect(first.body.data.items.map((r) => r.id)).toEqual(made.slice(2).reverse().map((r) => r.id));
    expect(first.body.data.items[0]).toEqual({
      id: made[11].id,
      authorName: made[11].authorName,
      rating: 5,
      text: made[11].text,
      createdAt: "2030-01-12T09:30:00Z",
      reply: null,
    });
    expect(first.body.data.summary).toEqual({
      rating: 4,
      band: "good",
      count: 12,
      byStars: { "1": 1, "2": 1, "3": 1, "4": 3, "5": 6 },
    });

    const second = await t.get<Reviews>(`/api/v1/guest/estate/review/${estate.slug}?page=2&perPage=10`);
    expect(second.body.data).toMatchObject({ page: 2, total: 12, hasMore: false });
    expect(second.body.data.items.map((r) => r.id)).toEqual([made[1].id, made[0].id]);
  });

  it("summarises an estate without reviews as unrated", async () => {
    const estate = await t.make.estate();
    const { body } = await t.get<Reviews>(`/api/v1/guest/estate/review/${estate.id}`);
    expect(body.data).toEqual({
      items: [],
      summary: { rating: null, band: null, count: 0, byStars: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } },
      page: 1,
      perPage: 10,
      total: 0,
      hasMore: false,
    });
  });

  it("rejects a bad page and is 404 for an unknown estate", async () => {
    const estate = await t.make.estate();
    for (const query of ["page=0", "perPage=51", "page=two"]) {
      expect((await t.get(`/api/v1/guest/estate/review/${estate.id}?${query}`)).status, query).toBe(422);
    }
    expect((await t.get(`/api/v1/guest/estate/review/unknown-estate`)).status).toBe(404);
  });
});
