/**
 * The host's tools through the real API and database: bookings in tabs with the payout, the
 * calendar (read, block, unblock, price, minimum stay), earnings, arrival slots, that only the
 * object's host sees any of it, and that concurrent calendar writes and bookings of the same
 * nights never leave a night both booked and blocked.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { HostBooking, HostBookingList, HostCalendar, HostEarnings, HostEstateOption } from "../../contract/host";
import { createApi } from "../../api/app";
import { cancelReasons, estates } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, todayInBishkek } from "../../contract/dates";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "h".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
let hostReason: number;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH });
  const rows = await t.db
    .insert(cancelReasons)
    .values([
      { side: "host", type: "decline", name: { ru: "Занято", en: "Not available", ky: "Бош эмес" } },
      { side: "guest", type: "cancel", name: { ru: "Планы", en: "Plans changed", ky: "Пландар" } },
    ])
    .returning();
  hostReason = rows[0].id;
});

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown): Promise<Res<T>> {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      redirect: "manual",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : ({} as Res<T>["body"]) };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

const day = (n: number) => addDays(todayInBishkek(), n);

async function scene(options: { instant?: boolean; price?: number } = {}) {
  const host = await person("host");
  const guest = await person();
  const estate = await t.make.estate({ hostId: host.id, isInstantConfirmation: options.instant ?? false, price: options.price ?? 3000, maxNights: 30 });
  return { host, guest, estate };
}

const book = (token: string, estateId: number, checkInDate: string, checkOutDate: string, extra: Record<string, unknown> = {}) =>
  call<{ booking: { id: number; status: string } }>(token, "POST", "/api/v1/booking", { estateId, checkInDate, checkOutDate, adultCount: 2, ...extra });

const change = (token: string, body: Record<string, unknown>) => call<{ nights: number }>(token, "POST", "/api/v1/host/calendar", body);
const calendar = (token: string, estateId: number, from: string, to: string) =>
  call<HostCalendar>(token, "GET", `/api/v1/host/calendar?estateId=${estateId}&from=${from}&to=${to}`);

/** Nights of the estate that are both held by an active booking and blocked: must stay empty. */
async function bookedAndBlocked(estateId: number) {
  const { rows } = await t.db.execute<{ date: string }>(sql`
    SELECT d.date::text AS date FROM estate_blocked_dates d
    JOIN bookings b ON b.estate_id = d.estate_id AND b.active AND b.check_in <= d.date AND b.check_out > d.date
    WHERE d.estate_id = ${estateId}`);
  return rows.map((r) => r.date);
}

describe("the host's bookings", () => {
  it("lists requests, upcoming and cancelled in tabs, newest first, filtered by object, with counts", async () => {
    const { host, guest, estate } = await scene();
    const other = await t.make.estate({ hostId: host.id, isInstantConfirmation: true });
    const first = await book(guest.token, estate.id, day(10), day(12));
    const second = await book(guest.token, estate.id, day(20), day(22));
    const instant = await book(guest.token, other.id, day(10), day(12));
    expect([first.status, second.status, instant.status]).toEqual([201, 201, 201]);

    const requests = await call<HostBookingList>(host.token, "GET", "/api/v1/host/booking?tab=requests");
    expect(requests.status).toBe(200);
    expect(requests.body.data.items.map((b) => b.id)).toEqual([second.body.data.booking.id, first.body.data.booking.id]);
    expect(requests.body.data.perPage).toBe(16);
    expect(requests.body.data.counts).toMatchObject({ requests: 2, upcoming: 1, staying: 0, past: 0, cancelled: 0 });

    const upcoming = await call<HostBookingList>(host.token, "GET", "/api/v1/host/booking?tab=upcoming");
    expect(upcoming.body.data.items.map((b) => b.id)).toEqual([instant.body.data.booking.id]);
    const filtered = await call<HostBookingList>(host.token, "GET", `/api/v1/host/booking?tab=upcoming&estateId=${estate.id}`);
    expect(filtered.body.data.items).toEqual([]);
    const paged = await call<HostBookingList>(host.token, "GET", "/api/v1/host/booking?tab=requests&perPage=1&page=2");
    expect(paged.body.data).toMatchObject({ total: 2, hasMore: false });
    expect(paged.body.data.items.map((b) => b.id)).toEqual([first.body.data.booking.id]);
    expect((await call(host.token, "GET", "/api/v1/host/booking?tab=nonsense")).status).toBe(422);

    const declined = await call<{ booking: HostBooking }>(host.token, "POST", `/api/v1/host/booking/${first.body.data.booking.id}/decline`, { reasonId: hostReason, comment: "Repairs" });
    expect(declined.body.data.booking).toMatchObject({ status: "declined", cancelReason: "Занято" });
    const cancelled = await call<HostBookingList>(host.token, "GET", "/api/v1/host/booking?tab=cancelled");
    expect(cancelled.body.data.items.map((b) => b.id)).toEqual([first.body.data.booking.id]);
  });

  it("shows one booking with the arrival slot, commission and payout, and the phone only once paid", async () => {
    const { host, guest, estate } = await scene({ price: 2500 });
    await t.db.update(estates).set({ cooperationFormat: "early_payout", checkInTime: "12:00", checkInUntil: "20:00" }).where(eq(estates.id, estate.id));
    expect((await book(guest.token, estate.id, day(5), day(7), { arrivalSlot: "morning" })).status).toBe(422);
    const made = await book(guest.token, estate.id, day(5), day(7), { arrivalSlot: "evening" });
    expect(made.status).toBe(201);
    const id = made.body.data.booking.id;
    const one = await call<{ booking: HostBooking }>(host.token, "GET", `/api/v1/host/booking/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.booking).toMatchObject({ arrivalSlot: "evening", totalPrice: 5000, commissionPercent: 15, commission: 750, payout: 4250, guestPhone: null });
    expect(one.body.data.booking.actions.sort()).toEqual(["declined", "pending_payment"]);
    const confirmed = await call<{ booking: HostBooking }>(host.token, "POST", `/api/v1/host/booking/${id}/confirm`);
    expect(confirmed.body.data.booking.status).toBe("pending_payment");
    await t.db.execute(sql`UPDATE bookings SET status = 'paid_waiting_checkin' WHERE id = ${id}`);
    const paid = await call<{ booking: HostBooking }>(host.token, "GET", `/api/v1/host/booking/${id}`);
    expect(paid.body.data.booking.guestPhone).toBe(guest.phone);
  });

  it("is 404 for every booking endpoint of another host's booking, and lists none of it", async () => {
    const { guest, estate } = await scene();
    const stranger = await person("host");
    const made = await book(guest.token, estate.id, day(30), day(32));
    const id = made.body.data.booking.id;
    expect((await call(stranger.token, "GET", `/api/v1/host/booking/${id}`)).status).toBe(404);
    expect((await call(guest.token, "GET", `/api/v1/host/booking/${id}`)).status).toBe(409);
    expect((await call(stranger.token, "POST", `/api/v1/host/booking/${id}/confirm`)).status).toBe(404);
    expect((await call(stranger.token, "POST", `/api/v1/host/booking/${id}/decline`, { reasonId: hostReason })).status).toBe(404);
    expect((await call(stranger.token, "POST", `/api/v1/host/booking/${id}/cancel`, { reasonId: hostReason })).status).toBe(404);
    const list = await call<HostBookingList>(stranger.token, "GET", `/api/v1/host/booking?tab=requests&estateId=${estate.id}`);
    expect(list.body.data.items).toEqual([]);
    expect((await call(null, "GET", "/api/v1/host/booking")).status).toBe(401);
  });
});

describe("the host's calendar", () => {
  it("reads nights booked (with the guest), blocked and priced; blocks, prices and unblocks a range", async () => {
    const { host, guest, estate } = await scene({ price: 2000 });
    const made = await book(guest.token, estate.id, day(10), day(12));
    expect((await change(host.token, { estateId: estate.id, from: day(14), to: day(16), action: "block" })).body.data).toEqual({ nights: 3 });
    expect((await change(host.token, { estateId: estate.id, from: day(17), to: day(18), action: "price", price: 4500, minNights: 2 })).status).toBe(200);

    const read = await calendar(host.token, estate.id, day(10), day(19));
    expect(read.status).toBe(200);
    const nights = Object.fromEntries(read.body.data.nights.map((n) => [n.date, n]));
    expect(read.body.data.nights).toHaveLength(10);
    expect(nights[day(10)]).toMatchObject({ state: "booked", booking: { id: made.body.data.booking.id, guestName: guest.firstName } });
    expect(nights[day(12)]).toMatchObject({ state: "free", price: 2000, custom: false });
    expect(nights[day(15)].state).toBe("blocked");
    expect(nights[day(17)]).toMatchObject({ state: "free", price: 4500, custom: true, minNights: 2 });

    // The guest side sees it at once: blocked nights cannot be booked, prices and minimum stay apply.
    expect((await book(guest.token, estate.id, day(15), day(17))).status).toBe(409);
    const short = await book(guest.token, estate.id, day(17), day(18));
    expect(short.status).toBe(422);
    expect(short.body.errors?.checkOutDate?.[0]).toContain("2");
    const priced = await call<{ booking: { totalPrice: number } }>(guest.token, "POST", "/api/v1/booking", { estateId: estate.id, checkInDate: day(17), checkOutDate: day(19), adultCount: 1 });
    expect(priced.body.data.booking.totalPrice).toBe(4500 * 2);

    expect((await change(host.token, { estateId: estate.id, from: day(14), to: day(15), action: "unblock" })).status).toBe(200);
    const after = await calendar(host.token, estate.id, day(14), day(16));
    expect(after.body.data.nights.map((n) => n.state)).toEqual(["free", "free", "blocked"]);
  });

  it("refuses a block over an active booking, naming it, and changes nothing", async () => {
    const { host, guest, estate } = await scene();
    const made = await book(guest.token, estate.id, day(40), day(43));
    const refused = await change(host.token, { estateId: estate.id, from: day(38), to: day(41), action: "block" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`#${made.body.data.booking.id}`);
    expect(refused.body.errors?.bookingId).toEqual([String(made.body.data.booking.id)]);
    const read = await calendar(host.token, estate.id, day(38), day(39));
    expect(read.body.data.nights.map((n) => n.state)).toEqual(["free", "free"]);
  });

  it("refuses bad ranges with 422 and is 404 for another host's object", async () => {
    const { host, estate } = await scene();
    const stranger = await person("host");
    expect((await change(host.token, { estateId: estate.id, from: day(5), to: day(4), action: "block" })).status).toBe(422);
    expect((await change(host.token, { estateId: estate.id, from: day(5), to: day(6), action: "price", price: 5 })).status).toBe(422);
    expect((await calendar(host.token, estate.id, day(1), day(900))).status).toBe(422);
    expect((await calendar(stranger.token, estate.id, day(1), day(5))).status).toBe(404);
    expect((await change(stranger.token, { estateId: estate.id, from: day(5), to: day(6), action: "block" })).status).toBe(404);
    const options = await call<{ items: HostEstateOption[] }>(stranger.token, "GET", "/api/v1/host/calendar/estates");
    expect(options.body.data.items).toEqual([]);
    const mine = await call<{ items: HostEstateOption[] }>(host.token, "GET", "/api/v1/host/calendar/estates");
    expect(mine.body.data.items.map((e) => e.id)).toEqual([estate.id]);
  });

  it("never leaves a night booked and blocked under 20 concurrent blocks, prices and bookings", async () => {
    const { host, estate } = await scene({ instant: true });
    const guests = await Promise.all(Array.from({ length: 10 }, () => person()));
    const writes = Array.from({ length: 20 }, (_, i) => {
      const start = day(60 + (i % 5));
      if (i % 2 === 0) return book(guests[i / 2].token, estate.id, start, addDays(start, 2));
      return i % 4 === 1
        ? change(host.token, { estateId: estate.id, from: start, to: addDays(start, 1), action: "block" })
        : change(host.token, { estateId: estate.id, from: start, to: addDays(start, 3), action: "price", price: 3500 });
    });
    const results = await Promise.all(writes);
    expect(results.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    // Whoever won each night, it is theirs: every accepted block is blocked, every accepted booking
    // holds its nights, and no night is both.
    const read = await calendar(host.token, estate.id, day(60), day(67));
    const state = Object.fromEntries(read.body.data.nights.map((n) => [n.date, n]));
    results.forEach((r, i) => {
      const start = day(60 + (i % 5));
      if (i % 2 === 0 && r.status === 201) expect(state[start].booking?.id).toBe((r.body.data as { booking: { id: number } }).booking.id);
      if (i % 4 === 1 && r.status === 200) expect([state[start].state, state[addDays(start, 1)].state]).toEqual(["blocked", "blocked"]);
    });
    expect(results.filter((r) => r.status !== 409).length).toBeGreaterThan(0);
    expect(await bookedAndBlocked(estate.id)).toEqual([]);
  });

  it("refuses a blocked night even to a writer that skips the API's checks (the database guards it)", async () => {
    const { estate } = await scene();
    const booking = await t.make.booking(estate, day(70), day(72), "pending_payment");
    await expect(t.make.blockedDates(estate.id, [day(71)])).rejects.toThrow();
    await t.make.blockedDates(estate.id, [day(73)]);
    await expect(t.make.booking(estate, day(73), day(74), "pending_payment")).rejects.toThrow();
    expect(booking.id).toBeGreaterThan(0);
    expect(await bookedAndBlocked(estate.id)).toEqual([]);
  });
});

describe("earnings", () => {
  it("sums what guests paid, the frozen commission, the payout and refunds per booking and month", async () => {
    const { host, estate } = await scene({ price: 1000 });
    const paid = await t.make.booking(estate, day(80), day(82), "paid_waiting_checkin");
    const refunded = await t.make.booking(estate, day(90), day(92), "cancelled_by_guest");
    await t.make.booking(estate, day(95), day(96), "pending_payment");
    await t.db.execute(sql`UPDATE bookings SET commission_percent = 15 WHERE id = ${refunded.id}`);
    await t.db.execute(sql`
      INSERT INTO transactions (booking_id, user_id, kind, amount, status, provider, provider_ref) VALUES
        (${paid.id}, ${paid.guestId}, 'payment', 2000, 'Success', 'sandbox', ${`e1-${paid.id}`}),
        (${refunded.id}, ${refunded.guestId}, 'payment', 2000, 'Success', 'sandbox', ${`e2-${refunded.id}`}),
        (${refunded.id}, ${refunded.guestId}, 'refund', 1000, 'Success', 'sandbox', ${`e3-${refunded.id}`})`);
    const stranger = await person("host");
    expect((await call<HostEarnings>(stranger.token, "GET", "/api/v1/host/earnings")).body.data.items).toEqual([]);

    const earnings = await call<HostEarnings>(host.token, "GET", "/api/v1/host/earnings");
    expect(earnings.status).toBe(200);
    const byId = Object.fromEntries(earnings.body.data.items.map((i) => [i.bookingId, i]));
    expect(Object.keys(byId)).toHaveLength(2);
    expect(byId[paid.id]).toMatchObject({ paid: 2000, commissionPercent: 12, commission: 240, payout: 1760, refunded: 0 });
    expect(byId[refunded.id]).toMatchObject({ paid: 2000, commissionPercent: 15, commission: 150, payout: 850, refunded: 1000 });
    expect(earnings.body.data.totals).toMatchObject({ paid: 4000, commission: 390, payout: 2610, refunded: 1000, bookings: 2 });
    expect(earnings.body.data.months.reduce((s, m) => s + m.payout, 0)).toBe(2610);
  });
});
