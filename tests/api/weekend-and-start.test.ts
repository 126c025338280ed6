/**
 * The weekend price and the first bookable date (the wizard's price and start steps) through the
 * real API and database: Friday and Saturday nights cost the weekend price in the estate page's
 * quote, the search's stay price and the booking; a host's per-date price still wins; a stay that
 * begins before the first bookable date is not found, not bookable (a field message in the
 * caller's language) and its days read as unavailable in the calendar. Decision 0037.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "../../contract/booking";
import type { AvailableDatesResponse, EstateResponse, SearchResponse } from "../../contract/estate";
import { createApi } from "../../api/app";
import { estates } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, todayInBishkek } from "../../contract/dates";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "w".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown, locale = "en"): Promise<Res<T>> {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Res<T>["body"] };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  return { ...user, token: (await issueTokens(t.db, user.id, AUTH)).token };
}

/** The first Thursday at least `after` days from today: Thursday, Friday, Saturday nights follow. */
function thursdayAfter(after: number): string {
  let date = addDays(todayInBishkek(), after);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 4) date = addDays(date, 1);
  return date;
}

beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

describe("the weekend price", () => {
  it("prices Friday and Saturday nights at it in the quote, the search and the booking; a per-date price wins", async () => {
    const host = await person("host");
    const guest = await person();
    const typeId = (await t.make.type()).id;
    const estate = await t.make.estate({ hostId: host.id, typeId, price: 3000, weekendPrice: 4500, title: { ru: "Выходной дом", en: "Weekend house", ky: "Дем алыш үй" } });
    const thu = thursdayAfter(10);
    const sun = addDays(thu, 3);

    const detail = await call<EstateResponse>(null, "GET", `/api/v1/guest/estate/${estate.id}?checkInDate=${thu}&checkOutDate=${sun}&adultCount=2`);
    expect(detail.status).toBe(200);
    const stay = detail.body.data.estate.stay!;
    expect(stay.nightly).toEqual([
      { date: thu, price: 3000 },
      { date: addDays(thu, 1), price: 4500 },
      { date: addDays(thu, 2), price: 4500 },
    ]);
    expect(stay.total).toBe(12_000);
    expect(detail.body.data.estate.weekendPrice).toBe(4500);

    const found = await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", { type: typeId, checkInDate: thu, checkOutDate: sun });
    expect(found.body.data.estates.map((e) => [e.id, e.stayPrice])).toEqual([[estate.id, 12_000]]);

    const calendar = await call<AvailableDatesResponse>(null, "GET", `/api/v1/guest/estate/available_dates/${estate.id}?from=${thu}&to=${sun}`);
    expect(calendar.body.data.prices).toEqual([
      { date: addDays(thu, 1), price: 4500 },
      { date: addDays(thu, 2), price: 4500 },
    ]);

    // The host's own price for Saturday is more specific than the weekend price.
    await t.make.prices(estate.id, { [addDays(thu, 2)]: 6000 });
    const booked = await call<{ booking: Booking }>(guest.token, "POST", "/api/v1/booking", { estateId: estate.id, checkInDate: thu, checkOutDate: sun, adultCount: 2, childrenCount: 0 });
    expect(booked.status, booked.body.message).toBe(201);
    expect(booked.body.data.booking.totalPrice).toBe(3000 + 4500 + 6000);
  });

  it("leaves the price alone without a weekend price", async () => {
    const estate = await t.make.estate({ price: 2000 });
    const thu = thursdayAfter(10);
    const detail = await call<EstateResponse>(null, "GET", `/api/v1/guest/estate/${estate.id}?checkInDate=${thu}&checkOutDate=${addDays(thu, 3)}`);
    expect(detail.body.data.estate.stay!.total).toBe(6000);
  });
});

describe("the first bookable date", () => {
  it("hides the listing from searches before it, refuses bookings before it in the caller's language, and closes those days in the calendar", async () => {
    const host = await person("host");
    const guest = await person();
    const typeId = (await t.make.type()).id;
    const opens = addDays(todayInBishkek(), 20);
    const estate = await t.make.estate({ hostId: host.id, typeId, price: 3000, availableFrom: opens });

    const search = async (checkInDate: string, checkOutDate: string) =>
      (await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", { type: typeId, checkInDate, checkOutDate })).body.data.estates.map((e) => e.id);
    expect(await search(addDays(opens, -3), addDays(opens, 2))).toEqual([]);
    expect(await search(addDays(opens, -1), opens)).toEqual([]);
    expect(await search(opens, addDays(opens, 2))).toEqual([estate.id]);
    // Without dates the listing is there: it can be booked, only later.
    expect((await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", { type: typeId })).body.data.estates.map((e) => e.id)).toEqual([estate.id]);

    const early = { estateId: estate.id, checkInDate: addDays(opens, -2), checkOutDate: addDays(opens, 1), adultCount: 2, childrenCount: 0 };
    const refusedEn = await call(guest.token, "POST", "/api/v1/booking", early, "en");
    expect(refusedEn.status).toBe(422);
    const date = opens.split("-").reverse().join(".");
    expect(refusedEn.body.errors?.checkInDate).toEqual([`This place can be booked from ${date}. Choose a check-in on or after it`]);
    const refusedRu = await call(guest.token, "POST", "/api/v1/booking", early, "ru");
    expect(refusedRu.body.errors?.checkInDate?.[0]).toContain(`Это жильё можно забронировать с ${date}`);
    const refusedKy = await call(guest.token, "POST", "/api/v1/booking", early, "ky");
    expect(refusedKy.body.errors?.checkInDate?.[0]).toContain(`${date} баштап брондоого болот`);

    const quote = await call<EstateResponse>(null, "GET", `/api/v1/guest/estate/${estate.id}?checkInDate=${early.checkInDate}&checkOutDate=${early.checkOutDate}`);
    expect(quote.body.data.estate.stay).toMatchObject({ available: false, reason: "blocked" });
    expect(quote.body.data.estate.availableFrom).toBe(opens);

    const calendar = await call<AvailableDatesResponse>(null, "GET", `/api/v1/guest/estate/available_dates/${estate.id}?from=${addDays(opens, -3)}&to=${addDays(opens, 2)}`);
    expect(calendar.body.data.unavailable).toEqual([addDays(opens, -3), addDays(opens, -2), addDays(opens, -1)]);

    const ok = await call(guest.token, "POST", "/api/v1/booking", { ...early, checkInDate: opens, checkOutDate: addDays(opens, 2) });
    expect(ok.status, ok.body.message).toBe(201);
  });

  it("reaches the search when the host moves the date of a published listing", async () => {
    const typeId = (await t.make.type()).id;
    const estate = await t.make.estate({ typeId, availableFrom: addDays(todayInBishkek(), 30) });
    const body = { type: typeId, checkInDate: addDays(todayInBishkek(), 10), checkOutDate: addDays(todayInBishkek(), 12) };
    expect((await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", body)).body.data.estates).toEqual([]);
    await t.db.update(estates).set({ availableFrom: addDays(todayInBishkek(), 5) }).where(eq(estates.id, estate.id));
    expect((await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", body)).body.data.estates.map((e) => e.id)).toEqual([estate.id]);
  });
});
