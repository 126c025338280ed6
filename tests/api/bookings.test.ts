/**
 * The booking lifecycle through the real API and database: concurrency, server-side prices,
 * host decisions, sandbox payments with signed callbacks, deadlines applied by the sweeper,
 * cancellations with refunds, reviews, and that only the guest and the host see a booking.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Booking, BookingList } from "../../contract/booking";
import { createApi } from "../../api/app";
import * as schema from "../../api/db/schema";
import { bookings, cancelReasons, estates, notifications, transactions } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { scheduleMissingDeadlines, sweepBookings } from "../../api/services/booking/sweeper";
import { DEFAULT_TIMINGS, type BookingTimings } from "../../api/services/booking/state-machine";
import { addDays, todayInBishkek } from "../../contract/dates";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "b".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
/** Deadlines in seconds, so the sweeper's work can be watched in a test. */
const FAST: BookingTimings = { ...DEFAULT_TIMINGS, confirmSeconds: 2, confirmWarnSeconds: 1, paymentSeconds: 2, paymentWarnSeconds: 1 };
let api: ReturnType<typeof createApi>;
let guestReason: number;
let hostReason: number;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, timings: FAST });
  const rows = await t.db
    .insert(cancelReasons)
    .values([
      { side: "guest", type: "cancel", name: { ru: "Планы", en: "Plans changed", ky: "Пландар" } },
      { side: "host", type: "cancel", name: { ru: "Ремонт", en: "Repairs", ky: "Оңдоо" } },
    ])
    .returning();
  guestReason = rows[0].id;
  hostReason = rows[1].id;
});

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> }; headers: Headers };
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
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : ({} as Res<T>["body"]), headers: response.headers };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

const day = (n: number) => addDays(todayInBishkek(), n);

async function scene(options: { instant?: boolean; price?: number; capacity?: number; maxNights?: number; policy?: "flexible" | "moderate" | "strict" } = {}) {
  const host = await person("host");
  const guest = await person();
  const estate = await t.make.estate({
    hostId: host.id,
    isInstantConfirmation: options.instant ?? true,
    price: options.price ?? 3000,
    capacity: options.capacity ?? 4,
    maxNights: options.maxNights ?? 30,
    cancellationPolicy: options.policy ?? "moderate",
  });
  return { host, guest, estate };
}

const book = (token: string, estateId: number, checkInDate: string, checkOutDate: string, extra: Record<string, unknown> = {}) =>
  call<{ booking: Booking }>(token, "POST", "/api/v1/booking", { estateId, checkInDate, checkOutDate, adultCount: 2, childrenCount: 0, ...extra });

/** Walks the sandbox gateway like a browser: open its page, press a button, follow the return. */
async function payThroughSandbox(token: string, bookingId: number, outcome: "Success" | "Cancelled") {
  const pay = await call<{ paymentUrl: string }>(token, "POST", `/api/v1/booking/${bookingId}/pay`);
  expect(pay.status).toBe(200);
  const page = await api.fetch(new Request(`http://konok.test${pay.body.data.paymentUrl}`));
  expect(await page.text()).toContain("ТЕСТОВАЯ ОПЛАТА");
  const pressed = await api.fetch(
    new Request(`http://konok.test${pay.body.data.paymentUrl}`, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" }),
  );
  const callback = pressed.headers.get("Location")!;
  const returned = await api.fetch(new Request(`http://konok.test${callback}`, { redirect: "manual" }));
  return { callback, returned };
}

describe("creating bookings", () => {
  it("starts an instant stay awaiting payment and a request awaiting the host, with the price from the server", async () => {
    const { guest, estate, host } = await scene({ instant: true, price: 2500 });
    await t.make.prices(estate.id, { [day(11)]: 4000 });
    const instant = await book(guest.token, estate.id, day(10), day(13), { totalPrice: 1, price: 1 });
    expect(instant.status).toBe(201);
    expect(instant.body.data.booking).toMatchObject({ status: "pending_payment", nights: 3, totalPrice: 2500 + 4000 + 2500, canPay: true });
    expect(instant.body.data.booking.deadline?.status).toBe("annulled_without_payment");

    const request = await scene({ instant: false });
    const pending = await book(request.guest.token, request.estate.id, day(10), day(12));
    expect(pending.body.data.booking.status).toBe("pending_confirmation");
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, request.host.id));
    expect(told.map((n) => n.type)).toEqual(["booking_requested"]);
    expect(host.id).not.toBe(request.host.id);
  });

  it("freezes the commission of the estate's cooperation format on the booking", async () => {
    const { guest, estate } = await scene();
    await t.db.update(estates).set({ cooperationFormat: "early_payout" }).where(eq(estates.id, estate.id));
    const made = await book(guest.token, estate.id, day(20), day(22));
    await t.db.update(estates).set({ cooperationFormat: "standard" }).where(eq(estates.id, estate.id));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.body.data.booking.id));
    expect(row.commissionPercent).toBe(15);
  });

  it("answers 422 for past dates, reversed dates, too many guests and too long a stay", async () => {
    const { guest, estate } = await scene({ capacity: 2, maxNights: 5 });
    const cases: [string, string, Record<string, unknown>, string][] = [
      [day(-2), day(1), {}, "checkInDate"],
      [day(5), day(5), {}, "checkOutDate"],
      [day(5), day(4), {}, "checkOutDate"],
      [day(5), day(7), { adultCount: 2, childrenCount: 1 }, "adultCount"],
      [day(5), day(12), {}, "checkOutDate"],
    ];
    for (const [from, to, extra, field] of cases) {
      const r = await book(guest.token, estate.id, from, to, extra);
      expect(r.status, `${from}→${to}`).toBe(422);
      expect(Object.keys(r.body.errors ?? {})).toContain(field);
    }
    expect((await book(guest.token, estate.id, "2026-02-30", day(3))).status).toBe(422);
  });

  it("gives exactly one 201 and 29 × 409 for 30 concurrent bookings of the same dates", async () => {
    const { guest, estate } = await scene();
    const results = await Promise.all(Array.from({ length: 30 }, () => book(guest.token, estate.id, day(20), day(23))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const conflicts = results.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(29);
    expect(conflicts[0].body.message).toBeTruthy();
    // A stay that starts the day the other ends does not overlap.
    expect((await book(guest.token, estate.id, day(23), day(25))).status).toBe(201);
  });
});

describe("the host's decision", () => {
  it("confirms a request (guest may then pay) or declines it with a reason; only the host may", async () => {
    const { guest, host, estate } = await scene({ instant: false });
    const a = (await book(guest.token, estate.id, day(30), day(32))).body.data.booking;
    // A guest-mode user is refused at the door of the host's API (decision 0038).
    expect((await call(guest.token, "POST", `/api/v1/host/booking/${a.id}/confirm`)).status).toBe(409);
    const confirmed = await call<{ booking: Booking }>(host.token, "POST", `/api/v1/host/booking/${a.id}/confirm`);
    expect(confirmed.body.data.booking.status).toBe("pending_payment");
    expect((await call(host.token, "POST", `/api/v1/host/booking/${a.id}/confirm`)).status).toBe(409);

    const b = (await book(guest.token, estate.id, day(40), day(42))).body.data.booking;
    const noReason = await call(host.token, "POST", `/api/v1/host/booking/${b.id}/decline`, { reasonId: guestReason });
    expect(noReason.status).toBe(422);
    const declined = await call<{ booking: Booking }>(host.token, "POST", `/api/v1/host/booking/${b.id}/decline`, { reasonId: hostReason, comment: "Closed for repairs" });
    expect(declined.body.data.booking).toMatchObject({ status: "declined", cancelReason: "Ремонт" });
    const guestHeard = await t.db.select().from(notifications).where(eq(notifications.userId, guest.id));
    expect(guestHeard.map((n) => n.type).sort()).toEqual(["booking_confirmed", "booking_declined"]);
  });
});

describe("payments", () => {
  it("shows the sandbox gateway in the payer's language", async () => {
    const { guest, estate } = await scene();
    const booking = (await book(guest.token, estate.id, day(70), day(72))).body.data.booking;
    const pay = await api.fetch(new Request(`http://konok.test/api/v1/booking/${booking.id}/pay?locale=en`, { method: "POST", headers: { Authorization: `Bearer ${guest.token}`, "Accept-Language": "en" } }));
    const { paymentUrl } = ((await pay.json()) as { data: { paymentUrl: string } }).data;
    const html = await (await api.fetch(new Request(`http://konok.test${paymentUrl}`))).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("SANDBOX — no real money is charged");
    expect(html).toMatch(/Pay [\d,]+ som/);
    expect(html).not.toContain("сом");
  });

  it("pays in the sandbox, applies the signed callback exactly once and refuses a forged one", async () => {
    const { guest, host, estate } = await scene();
    const booking = (await book(guest.token, estate.id, day(50), day(52))).body.data.booking;
    const { callback, returned } = await payThroughSandbox(guest.token, booking.id, "Success");
    expect(returned.status).toBe(303);
    expect(returned.headers.get("Location")).toBe(`/booking/success?bookingId=${booking.id}`);
    const paid = await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`);
    expect(paid.body.data.booking.status).toBe("paid_waiting_checkin");
    expect(paid.body.data.booking.events.map((e) => e.status)).toEqual(["pending_payment", "paid_waiting_checkin"]);

    const again = await api.fetch(new Request(`http://konok.test${callback}`, { redirect: "manual" }));
    expect(again.status).toBe(303);
    const payments = await t.db.select().from(transactions).where(eq(transactions.bookingId, booking.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "Success", amount: 6000 });
    const told = await t.db.select().from(notifications).where(and(eq(notifications.bookingId, booking.id), eq(notifications.type, "booking_paid")));
    expect(told.map((n) => n.userId).sort()).toEqual([guest.id, host.id].sort());
    // Each side is told which side it reads as, so the notification links to its own booking page.
    expect(told.map((n) => [n.userId, (n.payload as { readerRole?: string }).readerRole])).toEqual(expect.arrayContaining([[guest.id, "guest"], [host.id, "host"]]));

    // A forged callback: a valid reference with a made-up signature changes nothing.
    const other = (await book(guest.token, estate.id, day(60), day(61))).body.data.booking;
    const pay = await call<{ paymentUrl: string }>(guest.token, "POST", `/api/v1/booking/${other.id}/pay`);
    const ref = new URL(pay.body.data.paymentUrl, "http://konok.test").pathname.split("/").pop()!;
    const forged = await api.fetch(new Request(`http://konok.test/api/v1/payment/callback?ref=${ref}&outcome=Success&signature=${"0".repeat(64)}`));
    expect(forged.status).toBe(403);
    // The sandbox page itself acts only with the key handed to the payer: the reference alone,
    // or a made-up key, finds nothing to pay.
    for (const query of ["", "?key=", `?key=${"A".repeat(43)}`]) {
      const page = await api.fetch(new Request(`http://konok.test/api/sandbox/pay/${ref}${query}`));
      expect(page.status, query).toBe(404);
      const paid = await api.fetch(new Request(`http://konok.test/api/sandbox/pay/${ref}${query}`, { method: "POST", body: new URLSearchParams({ outcome: "Success" }), redirect: "manual" }));
      expect(paid.status, query).toBe(404);
    }
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${other.id}`)).body.data.booking.status).toBe("pending_payment");
  });

  it("pays a booking once when three of its payments succeed at the same moment, refunding the others", async () => {
    const { guest, estate } = await scene();
    const booking = (await book(guest.token, estate.id, day(80), day(81))).body.data.booking;
    const urls = [];
    for (let i = 0; i < 3; i++) urls.push((await call<{ paymentUrl: string }>(guest.token, "POST", `/api/v1/booking/${booking.id}/pay`)).body.data.paymentUrl);
    const callbacks = await Promise.all(
      urls.map(async (url) => {
        const pressed = await api.fetch(new Request(`http://konok.test${url}`, { method: "POST", body: new URLSearchParams({ outcome: "Success" }), redirect: "manual" }));
        return pressed.headers.get("Location")!;
      }),
    );
    const returned = await Promise.all(callbacks.map((callback) => api.fetch(new Request(`http://konok.test${callback}`, { redirect: "manual" }))));
    expect(returned.map((r) => r.status)).toEqual([303, 303, 303]);
    const rows = await t.db.select().from(transactions).where(eq(transactions.bookingId, booking.id));
    expect(rows.filter((r) => r.kind === "payment" && r.status === "pending")).toHaveLength(0);
    expect(rows.filter((r) => r.kind === "refund")).toHaveLength(2);
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.status).toBe("paid_waiting_checkin");
  });

  it("keeps the booking awaiting payment after a cancelled payment, and lets the guest try again", async () => {
    const { guest, estate } = await scene();
    const booking = (await book(guest.token, estate.id, day(70), day(71))).body.data.booking;
    const failed = await payThroughSandbox(guest.token, booking.id, "Cancelled");
    expect(failed.returned.headers.get("Location")).toBe(`/booking/fail?bookingId=${booking.id}`);
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.status).toBe("pending_payment");
    const retried = await payThroughSandbox(guest.token, booking.id, "Success");
    expect(retried.returned.headers.get("Location")).toBe(`/booking/success?bookingId=${booking.id}`);
  });
});

describe("deadlines", () => {
  it("warns, then annuls an unpaid booking and an unanswered request, with second-long timings", async () => {
    const unpaid = await scene({ instant: true });
    const request = await scene({ instant: false });
    const a = (await book(unpaid.guest.token, unpaid.estate.id, day(80), day(82))).body.data.booking;
    const b = (await book(request.guest.token, request.estate.id, day(80), day(82))).body.data.booking;

    // The warning moment is one second before each deadline: sweep as of just after it.
    const deadlines = [a, b].map((x) => new Date(x.deadline!.at).getTime());
    await sweepBookings({ db: t.db, timings: FAST }, new Date(Math.max(...deadlines) - 1_000 + 10));
    // Warned, not yet annulled.
    expect((await call<{ booking: Booking }>(unpaid.guest.token, "GET", `/api/v1/booking/${a.id}`)).body.data.booking.status).toBe("pending_payment");
    const warned = await t.db.select().from(notifications).where(eq(notifications.bookingId, a.id));
    expect(warned.map((n) => n.type)).toContain("booking_annulled_without_payment_soon");
    const hostWarned = await t.db.select().from(notifications).where(and(eq(notifications.bookingId, b.id), eq(notifications.userId, request.host.id)));
    expect(hostWarned.map((n) => n.type)).toContain("booking_annulled_without_confirm_soon");
    // Sweeping again sends no second warning.
    await sweepBookings({ db: t.db, timings: FAST }, new Date(Math.max(...deadlines) - 1_000 + 20));
    expect((await t.db.select().from(notifications).where(and(eq(notifications.bookingId, a.id), eq(notifications.type, "booking_annulled_without_payment_soon")))).length).toBe(1);

    // Then real time: wait out the two-second deadlines and sweep as the server's timer would.
    await new Promise((r) => setTimeout(r, Math.max(0, Math.max(...deadlines) - Date.now()) + 100));
    const swept = await sweepBookings({ db: t.db, timings: FAST });
    expect(swept.changed).toBeGreaterThanOrEqual(2);
    expect(await sweepBookings({ db: t.db, timings: FAST })).toMatchObject({ changed: 0, warned: 0 });
    expect((await call<{ booking: Booking }>(unpaid.guest.token, "GET", `/api/v1/booking/${a.id}`)).body.data.booking.status).toBe("annulled_without_payment");
    expect((await call<{ booking: Booking }>(request.guest.token, "GET", `/api/v1/booking/${b.id}`)).body.data.booking.status).toBe("annulled_without_confirmation");
    // The annulled dates are free again.
    expect((await book(unpaid.guest.token, unpaid.estate.id, day(80), day(82))).status).toBe(201);
  });

  it("checks in on the check-in day at 14:00 Bishkek and completes at check-out, then takes one review", async () => {
    const { guest, estate } = await scene();
    const booking = (await book(guest.token, estate.id, day(3), day(5))).body.data.booking;
    await payThroughSandbox(guest.token, booking.id, "Success");
    // Time travel instead of waiting days: the sweeper is told it is later than it is.
    await sweepBookings({ db: t.db, timings: FAST }, new Date(`${day(3)}T08:00:01Z`));
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.status).toBe("paid_occupied");
    await sweepBookings({ db: t.db, timings: FAST }, new Date(`${day(5)}T06:00:01Z`));
    const done = (await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking;
    expect(done).toMatchObject({ status: "completed_no_review", canReview: true });

    expect((await call(guest.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 9, text: "short" })).status).toBe(422);
    const reviewed = await call<{ booking: Booking }>(guest.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 4, text: "Тихо, чисто, хозяин встретил вовремя." });
    expect(reviewed.status).toBe(201);
    expect(reviewed.body.data.booking.status).toBe("completed_with_review");
    expect((await call(guest.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 5, text: "Second review attempt." })).status).toBe(409);
    // Double-blind (tests/api/reviews-both-ways.test.ts): the rating waits for the host's review or the window's end.
    const [after] = await t.db.select().from(estates).where(eq(estates.id, estate.id));
    expect(after).toMatchObject({ rating: null, reviewsCount: 0 });
  });
});

describe("the estate's own hours", () => {
  it("start and end the stay at the estate's check-in and check-out times, not the defaults", async () => {
    const { guest, estate } = await scene();
    await t.db.update(estates).set({ checkInTime: "15:00", checkOutTime: "11:00" }).where(eq(estates.id, estate.id));
    const booking = (await book(guest.token, estate.id, day(3), day(5))).body.data.booking;
    await payThroughSandbox(guest.token, booking.id, "Success");
    const paid = (await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking;
    // 15:00 in Bishkek (UTC+6) is 09:00 UTC: the same time the booking page says ("after 15:00").
    expect(paid.deadline).toEqual({ at: new Date(`${day(3)}T09:00:00Z`).toISOString(), status: "paid_occupied" });
    await sweepBookings({ db: t.db, timings: FAST }, new Date(`${day(3)}T08:30:00Z`));
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.status).toBe("paid_waiting_checkin");
    await sweepBookings({ db: t.db, timings: FAST }, new Date(`${day(3)}T09:00:01Z`));
    const staying = (await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking;
    expect(staying.status).toBe("paid_occupied");
    expect(staying.deadline).toEqual({ at: new Date(`${day(5)}T05:00:00Z`).toISOString(), status: "completed_no_review" });
  });
});

describe("bookings written without a deadline", () => {
  it("get the deadline their status calls for, once", async () => {
    const { guest, estate } = await scene();
    const [row] = await t.db
      .insert(bookings)
      .values({ estateId: estate.id, guestId: guest.id, hostId: estate.hostId, checkIn: day(100), checkOut: day(102), adultCount: 2, status: "paid_waiting_checkin", nights: 2, totalPrice: 6000, priceLines: [] })
      .returning();
    expect(row.deadlineAt).toBeNull();
    await scheduleMissingDeadlines({ db: t.db, timings: FAST });
    const after = (await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${row.id}`)).body.data.booking;
    expect(after.deadline).toEqual({ at: new Date(`${day(100)}T08:00:00Z`).toISOString(), status: "paid_occupied" });
  });

  it("are scheduled together, each by its status and its own estate's hours, leaving dated and ended ones alone", async () => {
    const plain = await scene();
    const own = await scene();
    await t.db.update(estates).set({ checkInTime: "15:00", checkOutTime: "11:00" }).where(eq(estates.id, own.estate.id));
    const now = new Date();
    const write = (s: Awaited<ReturnType<typeof scene>>, from: number, status: "pending_confirmation" | "paid_waiting_checkin" | "paid_occupied" | "cancelled_by_guest", dated: Date | null = null) =>
      t.db
        .insert(bookings)
        .values({ estateId: s.estate.id, guestId: s.guest.id, hostId: s.estate.hostId, checkIn: day(from), checkOut: day(from + 2), adultCount: 2, status, nights: 2, totalPrice: 6000, priceLines: [], deadlineAt: dated, deadlineAction: dated && "paid_occupied" })
        .returning()
        .then(([row]) => row.id);
    const ids = {
      waiting: await write(plain, 110, "paid_waiting_checkin"),
      waitingOwnHours: await write(own, 110, "paid_waiting_checkin"),
      staying: await write(own, 120, "paid_occupied"),
      pending: await write(plain, 130, "pending_confirmation"),
      dated: await write(plain, 140, "paid_waiting_checkin", new Date("2030-01-01T00:00:00Z")),
      cancelled: await write(plain, 150, "cancelled_by_guest"),
    };
    await scheduleMissingDeadlines({ db: t.db, timings: FAST }, now);
    const read = async (id: number) => {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      return { at: row.deadlineAt?.toISOString() ?? null, action: row.deadlineAction, warnAt: row.warnAt?.toISOString() ?? null };
    };
    // 14:00 / 15:00 / 11:00 in Bishkek (UTC+6).
    expect(await read(ids.waiting)).toEqual({ at: `${day(110)}T08:00:00.000Z`, action: "paid_occupied", warnAt: null });
    expect(await read(ids.waitingOwnHours)).toEqual({ at: `${day(110)}T09:00:00.000Z`, action: "paid_occupied", warnAt: null });
    expect(await read(ids.staying)).toEqual({ at: `${day(122)}T05:00:00.000Z`, action: "completed_no_review", warnAt: null });
    // Confirmation is due confirmSeconds from now (FAST: 2 s), warned a second before.
    expect(await read(ids.pending)).toEqual({ at: new Date(now.getTime() + 2000).toISOString(), action: "annulled_without_confirmation", warnAt: new Date(now.getTime() + 1000).toISOString() });
    expect(await read(ids.dated)).toEqual({ at: "2030-01-01T00:00:00.000Z", action: "paid_occupied", warnAt: null });
    expect(await read(ids.cancelled)).toEqual({ at: null, action: null, warnAt: null });
  });
});

describe("cancellations and refunds", () => {
  it("refunds a guest by the estate's rule and a host's cancellation in full, shown as transactions", async () => {
    const early = await scene({ policy: "moderate" });
    const a = (await book(early.guest.token, early.estate.id, day(30), day(32))).body.data.booking;
    await payThroughSandbox(early.guest.token, a.id, "Success");
    const cancelled = await call<{ booking: Booking }>(early.guest.token, "POST", `/api/v1/booking/${a.id}/cancel`, { reasonId: guestReason });
    expect(cancelled.body.data.booking).toMatchObject({ status: "cancelled_by_guest", refundAmount: 6000 });

    const late = await scene({ policy: "moderate" });
    const b = (await book(late.guest.token, late.estate.id, day(2), day(4))).body.data.booking;
    await payThroughSandbox(late.guest.token, b.id, "Success");
    const half = await call<{ booking: Booking }>(late.guest.token, "POST", `/api/v1/booking/${b.id}/cancel`, { reasonId: guestReason });
    expect(half.body.data.booking.refundAmount).toBe(3000);

    const hosted = await scene({ policy: "strict" });
    const c = (await book(hosted.guest.token, hosted.estate.id, day(2), day(4))).body.data.booking;
    await payThroughSandbox(hosted.guest.token, c.id, "Success");
    const byHost = await call<{ booking: Booking }>(hosted.host.token, "POST", `/api/v1/host/booking/${c.id}/cancel`, { reasonId: hostReason });
    expect(byHost.body.data.booking).toMatchObject({ status: "cancelled_by_host", refundAmount: 6000 });
    const list = await call<{ items: { kind: string; amount: number }[] }>(hosted.guest.token, "GET", "/api/v1/transactions");
    expect(list.body.data.items.map((i) => [i.kind, i.amount])).toEqual([
      ["refund", 6000],
      ["payment", 6000],
    ]);
    // A cancelled booking cannot be cancelled again.
    expect((await call(hosted.guest.token, "POST", `/api/v1/booking/${c.id}/cancel`, { reasonId: guestReason })).status).toBe(409);
  });

  it("lists cancel reasons per side", async () => {
    const { guest, host } = await scene();
    const g = await call<{ reasons: { name: string }[] }>(guest.token, "GET", "/api/v1/booking/cancel_reason?type=cancel");
    const h = await call<{ reasons: { name: string }[] }>(host.token, "GET", "/api/v1/host/booking/cancel_reason/list?type=cancel");
    expect(g.body.data.reasons.map((r) => r.name)).toEqual(["Планы"]);
    expect(h.body.data.reasons.map((r) => r.name)).toEqual(["Ремонт"]);
  });
});

describe("authorization", () => {
  it("shows a booking to its guest and host only; nobody else can see or act on it", async () => {
    const { guest, host, estate } = await scene();
    // In host mode, so the host endpoint answers for ownership, not for the mode.
    const stranger = await person("host");
    const booking = (await book(guest.token, estate.id, day(90), day(91))).body.data.booking;
    expect((await call<{ booking: Booking }>(host.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.role).toBe("host");
    for (const [method, path, body] of [
      ["GET", `/api/v1/booking/${booking.id}`, undefined],
      ["POST", `/api/v1/booking/${booking.id}/cancel`, { reasonId: guestReason }],
      ["POST", `/api/v1/booking/${booking.id}/pay`, undefined],
      ["POST", `/api/v1/booking/${booking.id}/review`, { rating: 5, text: "Not my booking at all" }],
      ["POST", `/api/v1/host/booking/${booking.id}/cancel`, { reasonId: hostReason }],
    ] as const) {
      expect((await call(stranger.token, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(null, "GET", `/api/v1/booking/${booking.id}`)).status).toBe(401);
    // The host cannot pay or cancel as the guest.
    expect((await call(host.token, "POST", `/api/v1/booking/${booking.id}/pay`)).status).toBe(404);
    const strangersList = await call<{ items: unknown[] }>(stranger.token, "GET", "/api/v1/booking");
    expect(strangersList.body.data.items).toHaveLength(0);
    const guestsList = await call<BookingList>(guest.token, "GET", "/api/v1/booking?group=waiting");
    expect(guestsList.body.data.items.map((b) => b.id)).toEqual([booking.id]);
    // Every tab's count comes with the page, counting only the caller's own trips.
    expect(guestsList.body.data.counts).toEqual({ waiting: 1, upcoming: 0, past: 0, cancelled: 0 });
    expect((await call<BookingList>(stranger.token, "GET", "/api/v1/booking")).body.data.counts).toEqual({ waiting: 0, upcoming: 0, past: 0, cancelled: 0 });
  });

  it("gives the exact address and the host's contact to the guest of a paid booking only", async () => {
    const { guest, host, estate } = await scene();
    const stranger = await person("host");
    await t.db.update(schema.users).set({ email: `host${host.id}@konok.test`, emailVerifiedAt: new Date() }).where(eq(schema.users.id, host.id));
    const booking = (await book(guest.token, estate.id, day(120), day(122))).body.data.booking;
    // Before payment neither the guest nor the host reads it: they could settle outside Konok.
    expect(booking.contact).toBeNull();
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.contact).toBeNull();
    await payThroughSandbox(guest.token, booking.id, "Success");
    const paid = (await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking;
    expect(paid.status).toBe("paid_waiting_checkin");
    expect(paid.contact).toEqual({ city: "Бишкек", address: expect.stringMatching(/^ул\. Токтогула \d+$/), lat: estate.lat, lng: estate.lng, hostPhone: host.phone, hostEmail: `host${host.id}@konok.test` });
    // The guest's list of trips carries it too; the host's view of the same booking does not
    // (the host has the guest's phone instead), and a stranger still finds nothing.
    const upcoming = await call<BookingList>(guest.token, "GET", "/api/v1/booking?group=upcoming");
    expect(upcoming.body.data.items.find((b) => b.id === booking.id)?.contact?.hostPhone).toBe(host.phone);
    expect((await call<{ booking: Booking }>(host.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.contact).toBeNull();
    expect((await call<{ booking: Booking }>(host.token, "GET", `/api/v1/host/booking/${booking.id}`)).body.data.booking.contact).toBeNull();
    expect((await call(stranger.token, "GET", `/api/v1/booking/${booking.id}`)).status).toBe(404);
    // Once cancelled, the stay is no longer the guest's to reach.
    expect((await call(guest.token, "POST", `/api/v1/booking/${booking.id}/cancel`, { reasonId: guestReason })).status).toBe(200);
    expect((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`)).body.data.booking.contact).toBeNull();
  });

  it("presents a page of several bookings on different estates each with its own estate, cover, host and events", async () => {
    const { host, guest, estate: first } = await scene();
    const second = await t.make.estate({ hostId: host.id, isInstantConfirmation: true, price: 2000, capacity: 4 });
    const a = (await book(guest.token, first.id, day(120), day(122))).body.data.booking;
    const b = (await book(guest.token, second.id, day(130), day(131))).body.data.booking;
    const list = (await call<BookingList>(guest.token, "GET", "/api/v1/booking?group=waiting")).body.data;
    expect(list.items.map((x) => [x.id, x.estate.id, x.nights])).toEqual([
      [a.id, first.id, 2],
      [b.id, second.id, 1],
    ]);
    for (const [item, single] of [[list.items[0], a], [list.items[1], b]] as const) {
      // The batched page and the single booking's answer are the same presentation.
      expect(item).toEqual((await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${single.id}`)).body.data.booking);
      expect(item.events.length).toBeGreaterThan(0);
    }
  });
});
