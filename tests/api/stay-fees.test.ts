/**
 * Fees and long-stay discounts (issue 32) through the real API, database and a Freedom Pay peer on
 * 127.0.0.1: the host sets them in the wizard's price step (refused beside the field when wrong);
 * the estate page's quote breaks a 3-, 7- and 30-night stay with a weekend inside into nights,
 * extra guests, discount and cleaning; the search card shows that total and sorts and filters by
 * it; the booking stores the breakdown (a later price change leaves it alone); the gateway is
 * asked for that total; a late cancellation refunds the cleaning fee whole and the rule's share
 * of the rest. Decision 0069.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "../../contract/booking";
import type { EstateResponse, SearchResponse } from "../../contract/estate";
import type { Listing } from "../../contract/listing-steps";
import { createApi } from "../../api/app";
import { cancelReasons, estates } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, todayInBishkek } from "../../contract/dates";
import { freedomPayProvider } from "../../api/services/payments/freedompay";
import { valueOf } from "../../api/services/payments/freedompay-protocol";
import { startFreedomPayPeer, type FreedomPayPeer } from "../support/freedompay-peer";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "p".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
let peer: FreedomPayPeer;
let site: string;
let server: ReturnType<typeof serve>;
let guestReason: number;

beforeAll(async () => {
  peer = await startFreedomPayPeer();
  server = serve({ fetch: (request) => api.fetch(request), port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = createApi({
    db: t.db,
    auth: AUTH,
    payments: freedomPayProvider({ merchantId: peer.merchantId, secretKey: peer.secretKey, apiUrl: peer.url, testingMode: true, timeoutMs: 3000 }),
    siteUrl: site,
    log: () => {},
  });
  const [reason] = await t.db.insert(cancelReasons).values({ side: "guest", type: "cancel", name: { ru: "Планы", en: "Plans changed", ky: "Пландар" } }).returning();
  guestReason = reason.id;
  // The wizard's listings take the first type of their kind.
  await t.make.type({ kind: "simple", sortOrder: 1 });
});

afterAll(async () => {
  await peer?.close();
  await new Promise((resolve) => server?.close(resolve));
});

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown, locale = "en"): Promise<Res<T>> {
  const response = await fetch(`${site}${path}`, {
    method,
    redirect: "manual",
    headers: { "Content-Type": "application/json", "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : ({} as Res<T>["body"]) };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  return { ...user, token: (await issueTokens(t.db, user.id, AUTH)).token };
}

/** The first Thursday at least `after` days from today: Thursday, Friday and Saturday nights follow. */
function thursdayAfter(after: number): string {
  let date = addDays(todayInBishkek(), after);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 4) date = addDays(date, 1);
  return date;
}

const PRICE_STEP = { price: 3000, weekendPrice: 4000, minNights: 1, maxNights: 60, cleaningFee: 1500, extraGuestFee: 500, extraGuestsAbove: 2, weeklyDiscount: 10, monthlyDiscount: 20 };

describe("the wizard's price step", () => {
  it("saves the fees and discounts the host types, and refuses wrong ones beside the field in the request's language", async () => {
    const host = await person("host");
    const created = await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" });
    expect(created.status, created.body.message).toBe(201);
    const id = created.body.data.object.id;
    const bad: [Record<string, unknown>, string, string][] = [
      [{ weeklyDiscount: 91 }, "weeklyDiscount", "At most 90"],
      [{ cleaningFee: -1 }, "cleaningFee", "At least 0"],
      [{ extraGuestFee: 500, extraGuestsAbove: undefined }, "extraGuestsAbove", "Say how many guests the price includes before the fee applies"],
      [{ weeklyDiscount: 15, monthlyDiscount: 10 }, "monthlyDiscount", "The monthly discount cannot be below the weekly one"],
      [{ extraGuestFee: 2.5 }, "extraGuestFee", "Enter a whole number"],
    ];
    for (const [change, field, message] of bad) {
      const r = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/price?locale=en`, { ...PRICE_STEP, ...change });
      expect(r.status, JSON.stringify(change)).toBe(422);
      expect(r.body.errors?.[field]).toEqual([message]);
    }
    const ru = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/price?locale=ru`, { ...PRICE_STEP, weeklyDiscount: 15, monthlyDiscount: 10 });
    expect(ru.body.errors?.monthlyDiscount).toEqual(["Скидка за месяц не может быть меньше скидки за неделю"]);

    const saved = await call<{ object: Listing }>(host.token, "PUT", `/api/v1/host/objects/${id}/steps/price`, PRICE_STEP);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.object.values.price).toMatchObject(PRICE_STEP);
    const [row] = await t.db.select().from(estates).where(eq(estates.id, id));
    expect(row).toMatchObject({ cleaningFee: 1500, extraGuestFee: 500, extraGuestsAbove: 2, weeklyDiscount: 10, monthlyDiscount: 20 });

    // Emptied fields are no fee at all.
    await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/price`, { price: 3000, minNights: 1, maxNights: 60 });
    const [plain] = await t.db.select().from(estates).where(eq(estates.id, id));
    expect(plain).toMatchObject({ cleaningFee: 0, extraGuestFee: 0, weeklyDiscount: 0, monthlyDiscount: 0, weekendPrice: null });
  });
});

describe("the breakdown from the estate page to the refund", () => {
  it("3, 7 and 30 nights with a weekend inside: nights by price, extra guests, the discount, cleaning, and the total; the search card shows the same", async () => {
    const typeId = (await t.make.type()).id;
    const estate = await t.make.estate({ typeId, capacity: 6, ...PRICE_STEP });
    const thu = thursdayAfter(10);
    const quote = async (nights: number) => {
      const r = await call<EstateResponse>(null, "GET", `/api/v1/guest/estate/${estate.id}?checkInDate=${thu}&checkOutDate=${addDays(thu, nights)}&adultCount=3&childrenCount=1`);
      expect(r.status).toBe(200);
      return r.body.data.estate.stay!;
    };
    const three = await quote(3);
    expect(three.breakdown).toMatchObject({
      nightsTotal: 3000 + 4000 + 4000,
      extraGuests: { guests: 2, perNight: 1000, nights: 3, amount: 3000 },
      discount: null,
      cleaningFee: 1500,
      total: 15_500,
    });
    expect(three.total).toBe(15_500);

    const seven = await quote(7);
    expect(seven.breakdown).toMatchObject({ nightsTotal: 23_000, extraGuests: { amount: 7000 }, discount: { kind: "weekly", percent: 10, amount: 3000 }, cleaningFee: 1500, total: 28_500 });

    const thirty = await quote(30);
    const weekendNights = thirty.nightly.filter((n) => [5, 6].includes(new Date(`${n.date}T00:00:00Z`).getUTCDay())).length;
    const nightsTotal = weekendNights * 4000 + (30 - weekendNights) * 3000;
    const discount = Math.floor(((nightsTotal + 30_000) * 20) / 100);
    expect(thirty.breakdown).toMatchObject({ nightsTotal, extraGuests: { amount: 30_000 }, discount: { kind: "monthly", percent: 20, amount: discount }, cleaningFee: 1500 });
    expect(thirty.total).toBe(nightsTotal + 30_000 - discount + 1500);

    const found = await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", { type: typeId, checkInDate: thu, checkOutDate: addDays(thu, 7), adultCount: 3, childrenCount: 1 });
    expect(found.body.data.estates.map((e) => [e.id, e.stayPrice])).toEqual([[estate.id, 28_500]]);
  });

  it("stores the breakdown on the booking, asks the gateway for its total, keeps it when the host changes prices, and refunds the cleaning whole", async () => {
    const host = await person("host");
    const guest = await person();
    const estate = await t.make.estate({ hostId: host.id, isInstantConfirmation: true, capacity: 6, cancellationPolicy: "moderate", ...PRICE_STEP });
    // Check-in within the moderate rule's 5 days: a cancellation gets 50 % back.
    const thu = thursdayAfter(1);
    const made = await call<{ booking: Booking }>(guest.token, "POST", "/api/v1/booking", { estateId: estate.id, checkInDate: thu, checkOutDate: addDays(thu, 7), adultCount: 4, childrenCount: 0 });
    expect(made.status, made.body.message).toBe(201);
    const booking = made.body.data.booking;
    expect(booking.totalPrice).toBe(28_500);
    expect(booking.price).toMatchObject({ nightsTotal: 23_000, discount: { kind: "weekly", amount: 3000 }, cleaningFee: 1500, total: 28_500 });

    // The host doubles everything: the booking stays as it was made.
    await t.db.update(estates).set({ price: 6000, weekendPrice: 8000, cleaningFee: 3000, weeklyDiscount: 0 }).where(eq(estates.id, estate.id));
    const again = await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`);
    expect(again.body.data.booking.price).toEqual(booking.price);
    const hostView = await call<{ booking: Booking }>(host.token, "GET", `/api/v1/host/booking/${booking.id}`);
    expect(hostView.body.data.booking.price).toEqual(booking.price);

    const pay = await call<{ paymentUrl: string }>(guest.token, "POST", `/api/v1/booking/${booking.id}/pay`);
    expect(pay.status).toBe(200);
    const url = new URL(pay.body.data.paymentUrl);
    const init = peer.requests.filter((r) => r.script === "init_payment.php").at(-1)!;
    expect(valueOf(init.fields, "pg_amount")).toBe("28500");
    const payment = peer.payments.get(Number(url.searchParams.get("customer")))!;
    await fetch(url);
    const pressed = await fetch(url, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
    expect(pressed.status).toBe(303);

    const cancelled = await call<{ booking: Booking }>(guest.token, "POST", `/api/v1/booking/${booking.id}/cancel`, { reasonId: guestReason });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    // 1500 cleaning back whole, half of the other 27 000.
    expect(cancelled.body.data.booking).toMatchObject({ status: "cancelled_by_guest", refundAmount: 1500 + 13_500 });
    expect(payment.refunds.map((r) => r.amount)).toEqual([15_000]);
  });
});

describe("the search by what the stay costs", () => {
  it("sorts cheapest first by the stay's total with dates and by the nightly price without; the price filter reads the total per night", async () => {
    const typeId = (await t.make.type()).id;
    // Cheapest a night but a big cleaning fee; dearer a night with a weekly discount; in between, plain.
    const cleaning = await t.make.estate({ typeId, price: 2000, cleaningFee: 9000 });
    const weekly = await t.make.estate({ typeId, price: 3200, weeklyDiscount: 30 });
    const plain = await t.make.estate({ typeId, price: 2600 });
    const thu = thursdayAfter(10);
    const search = async (body: Record<string, unknown>) => (await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", { type: typeId, ...body })).body.data;

    const undated = await search({ orderBy: "price_asc" });
    expect(undated.estates.map((e) => e.id)).toEqual([cleaning.id, plain.id, weekly.id]);

    // 7 nights: cleaning 14 000 + 9 000 = 23 000; weekly 22 400 − 30 % = 15 680; plain 18 200.
    const week = { checkInDate: thu, checkOutDate: addDays(thu, 7) };
    const cheapest = await search({ ...week, orderBy: "price_asc" });
    expect(cheapest.estates.map((e) => [e.id, e.stayPrice])).toEqual([
      [weekly.id, 15_680],
      [plain.id, 18_200],
      [cleaning.id, 23_000],
    ]);
    expect(cheapest).toMatchObject({ total: 3, totalExact: true });
    expect((await search({ ...week, orderBy: "price_desc" })).estates.map((e) => e.id)).toEqual([cleaning.id, plain.id, weekly.id]);
    // Cards are in the index's order on every page.
    const paged = [1, 2, 3].map((page) => search({ ...week, orderBy: "price_asc", perPage: 1, page }));
    expect((await Promise.all(paged)).map((p) => [p.estates[0].id, p.total, p.hasMore])).toEqual([
      [weekly.id, 3, true],
      [plain.id, 3, true],
      [cleaning.id, 3, false],
    ]);

    // Per night: cleaning 3 286, weekly 2 240, plain 2 600. Up to 2 500 a night: only the weekly one.
    expect((await search({ ...week, priceTo: 2500 })).estates.map((e) => e.id)).toEqual([weekly.id]);
    // Without dates the nightly price: 2 000 and 2 600.
    expect((await search({ priceTo: 2600, orderBy: "price_asc" })).estates.map((e) => e.id)).toEqual([cleaning.id, plain.id]);

    // A host's price change reaches the search's figure.
    await t.db.update(estates).set({ cleaningFee: 0 }).where(eq(estates.id, cleaning.id));
    expect((await search({ ...week, orderBy: "price_asc" })).estates.map((e) => [e.id, e.stayPrice])[0]).toEqual([cleaning.id, 14_000]);
    await t.make.prices(plain.id, { [thu]: 100 });
    const withDatePrice = (await search({ ...week, orderBy: "price_asc" })).estates.find((e) => e.id === plain.id)!;
    expect(withDatePrice.stayPrice).toBe(18_200 - 2600 + 100);
  });
});
