/**
 * Reviews both ways (issue 32) through the real API and database: the guest reviews the stay, the
 * host the guest, each within 14 days of check-out; neither review is read by the other side or
 * anyone else before both are written or the window has closed (double-blind, enforced by the API:
 * the estate's reviews, its rating, the booking pages and the guest's profile all wait). Time
 * travel is done on the rows' dates. The host replies once to a review of their listing.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "../../contract/booking";
import type { ReviewsResponse } from "../../contract/estate";
import type { HostBooking } from "../../contract/host";
import { reviewWindowClosesAt, type UserProfile } from "../../contract/reviews";
import { createApi } from "../../api/app";
import { bookings, estates, guestReviews, notifications, reviews, users } from "../../api/db/schema";
import { addDays, todayInBishkek } from "../../contract/dates";
import { issueTokens } from "../../api/services/auth/tokens";
import { scheduleMissingDeadlines, sweepBookings } from "../../api/services/booking/sweeper";
import { DEFAULT_TIMINGS } from "../../api/services/booking/state-machine";
import { countPublishedReviews } from "../../api/services/reviews";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "v".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown): Promise<Res<T>> {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : ({} as Res<T>["body"]) };
}
const tokenOf = async (userId: number) => (await issueTokens(t.db, userId, AUTH)).token;
const day = (n: number) => addDays(todayInBishkek(), n);

/** A stay that ended `daysAgo` days ago, with its host's and guest's tokens. */
async function stay(daysAgo = 2, options: { guestId?: number; hostId?: number } = {}) {
  const host = options.hostId ? { id: options.hostId } : await t.make.user({ mode: "host", firstName: "Bakyt", lastName: "Hostov" });
  const estate = await t.make.estate({ hostId: host.id });
  const booking = await t.make.booking(estate, day(-daysAgo - 3), day(-daysAgo), "completed_no_review");
  if (options.guestId) await t.db.update(bookings).set({ guestId: options.guestId }).where(eq(bookings.id, booking.id));
  const guestId = options.guestId ?? booking.guestId!;
  await t.db.update(users).set({ firstName: "Aizada", lastName: "Guestova" }).where(eq(users.id, guestId));
  return { estate, booking, host: { id: host.id, token: await tokenOf(host.id) }, guest: { id: guestId, token: await tokenOf(guestId) } };
}
const guestView = async (token: string, id: number) => (await call<{ booking: Booking }>(token, "GET", `/api/v1/booking/${id}`)).body.data.booking;
const hostView = async (token: string, id: number) => (await call<{ booking: HostBooking }>(token, "GET", `/api/v1/host/booking/${id}`)).body.data.booking;
const estateReviews = async (estateId: number) => (await call<ReviewsResponse>(null, "GET", `/api/v1/guest/estate/review/${estateId}`)).body.data;
const profile = (userId: number) => call<{ user: UserProfile }>(null, "GET", `/api/v1/users/${userId}`);
const stored = async (estateId: number) => (await t.db.select({ rating: estates.rating, reviewsCount: estates.reviewsCount }).from(estates).where(eq(estates.id, estateId)))[0];

const GUEST_TEXT = "Clean flat, the host met us on time.";
const HOST_TEXT = "Quiet guests, left the flat tidy.";

describe("double-blind reviews", () => {
  it("hide the first review from the other side and the public until the second is written, then open both", async () => {
    const { estate, booking, host, guest } = await stay();
    const before = await guestView(guest.token, booking.id);
    expect(before.reviews).toMatchObject({ mine: null, theirs: null, theirsWritten: false, canWrite: true, closesAt: reviewWindowClosesAt(booking.checkOut).toISOString() });

    expect((await call(guest.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 4, text: GUEST_TEXT })).status).toBe(201);
    // Written, but not readable by anyone but its author.
    expect((await guestView(guest.token, booking.id)).reviews).toMatchObject({ mine: { rating: 4, text: GUEST_TEXT }, theirs: null, canWrite: false });
    const waiting = await hostView(host.token, booking.id);
    expect(waiting.reviews).toMatchObject({ mine: null, theirs: null, theirsWritten: true, canWrite: true, canReply: false });
    expect(JSON.stringify(waiting)).not.toContain(GUEST_TEXT);
    expect((await estateReviews(estate.id)).items).toEqual([]);
    expect((await estateReviews(estate.id)).summary.count).toBe(0);
    expect(await stored(estate.id)).toEqual({ rating: null, reviewsCount: 0 });
    // The host cannot reply to what they cannot read.
    expect((await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/reply`, { text: "Thank you!" })).status).toBe(404);

    const written = await call<{ booking: HostBooking }>(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 5, text: HOST_TEXT });
    expect(written.status).toBe(201);
    // Both open at once: each side reads the other's, the estate shows the guest's and counts it.
    expect(written.body.data.booking.reviews).toMatchObject({ mine: { rating: 5, text: HOST_TEXT }, theirs: { rating: 4, text: GUEST_TEXT, reply: null }, canWrite: false, canReply: true });
    expect((await guestView(guest.token, booking.id)).reviews).toMatchObject({ theirs: { rating: 5, text: HOST_TEXT } });
    expect((await estateReviews(estate.id)).items).toMatchObject([{ rating: 4, text: GUEST_TEXT, authorName: "Aizada G.", reply: null }]);
    expect(await stored(estate.id)).toEqual({ rating: 4, reviewsCount: 1 });
    expect((await profile(guest.id)).body.data.user.asGuest).toMatchObject({ rating: 5, count: 1, reviews: [{ authorName: "Bakyt", rating: 5, text: HOST_TEXT }] });
    // The guest, who wrote first and waited, hears that the host's review is there.
    const told = await t.db.select().from(notifications).where(and(eq(notifications.bookingId, booking.id), eq(notifications.type, "review_published")));
    expect(told.map((n) => n.userId)).toEqual([guest.id]);
  });

  it("open a lone review when the window closes, and the sweeper adds it to the rating; nobody writes after that", async () => {
    const { estate, booking, host, guest } = await stay();
    expect((await call(guest.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 2, text: GUEST_TEXT })).status).toBe(201);
    const [review] = await t.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(review.publishedAt.toISOString()).toBe(reviewWindowClosesAt(booking.checkOut).toISOString());
    expect(await countPublishedReviews(t.db)).toBe(0);

    // Time travel: the stay ended 15 days ago, so its window closed yesterday.
    const checkOut = day(-15);
    await t.db.update(bookings).set({ checkIn: day(-18), checkOut }).where(eq(bookings.id, booking.id));
    await t.db.update(reviews).set({ publishedAt: reviewWindowClosesAt(checkOut) }).where(eq(reviews.id, review.id));

    expect((await estateReviews(estate.id)).items.map((r) => r.id)).toEqual([review.id]);
    expect((await hostView(host.token, booking.id)).reviews).toMatchObject({ theirs: { rating: 2 }, canWrite: false, canReply: true });
    expect(await stored(estate.id)).toEqual({ rating: null, reviewsCount: 0 });
    expect(await countPublishedReviews(t.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(estate.id)).toEqual({ rating: 2, reviewsCount: 1 });

    const late = await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 1, text: HOST_TEXT });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/within 14 days/);
  });

  it("a host's lone review opens by time too, on the guest's profile and to the guest", async () => {
    const { booking, host, guest } = await stay();
    expect((await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 3, text: HOST_TEXT })).status).toBe(201);
    expect((await profile(guest.id)).body.data.user.asGuest).toEqual({ rating: null, count: 0, reviews: [] });
    expect((await guestView(guest.token, booking.id)).reviews).toMatchObject({ theirs: null, theirsWritten: true, canWrite: true });

    await t.db.update(guestReviews).set({ publishedAt: sql`now() - interval '1 minute'` }).where(eq(guestReviews.bookingId, booking.id));
    expect((await profile(guest.id)).body.data.user.asGuest).toMatchObject({ rating: 3, count: 1 });
    expect((await guestView(guest.token, booking.id)).reviews).toMatchObject({ theirs: { rating: 3, text: HOST_TEXT } });
  });
});

describe("writing a review", () => {
  it("is for the stay's two sides, once each, after the stay and with stars and a text", async () => {
    const { booking, host, guest } = await stay();
    const stranger = await t.make.user({ mode: "host" });
    const strangerToken = await tokenOf(stranger.id);
    expect((await call(strangerToken, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 5, text: HOST_TEXT })).status).toBe(404);
    expect((await call(strangerToken, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 5, text: GUEST_TEXT })).status).toBe(404);
    // The guest cannot use the host's door, nor the host the guest's.
    expect((await call(host.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 5, text: GUEST_TEXT })).status).toBe(404);
    // (In guest mode the host API answers 409 hostModeRequired, as for any host action.)
    expect([404, 409]).toContain((await call(guest.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 5, text: HOST_TEXT })).status);
    expect(await t.db.select().from(guestReviews).where(eq(guestReviews.bookingId, booking.id))).toEqual([]);

    const bad = await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 0, text: "short" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["rating", "text"]);
    expect((await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 5, text: HOST_TEXT })).status).toBe(201);
    expect((await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 4, text: HOST_TEXT })).status).toBe(409);

    // Before the stay has ended there is nothing to review.
    const upcoming = await t.make.booking(await t.make.estate({ hostId: host.id }), day(3), day(5), "paid_waiting_checkin");
    const early = await call(host.token, "POST", `/api/v1/host/booking/${upcoming.id}/review`, { rating: 5, text: HOST_TEXT });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the stay is over/);
  });

  it("the host is invited to review the guest when the stay ends", async () => {
    const host = await t.make.user({ mode: "host" });
    const estate = await t.make.estate({ hostId: host.id });
    const booking = await t.make.booking(estate, day(-3), day(-1), "paid_occupied");
    await scheduleMissingDeadlines({ db: t.db, timings: DEFAULT_TIMINGS });
    await sweepBookings({ db: t.db, timings: DEFAULT_TIMINGS });
    const sent = await t.db.select({ userId: notifications.userId, type: notifications.type }).from(notifications).where(eq(notifications.bookingId, booking.id));
    expect(sent).toEqual(expect.arrayContaining([{ userId: host.id, type: "review_invitation" }, { userId: booking.guestId, type: "booking_completed" }]));
    const token = await tokenOf(host.id);
    expect((await hostView(token, booking.id)).reviews).toMatchObject({ canWrite: true });
  });
});

describe("the host's reply", () => {
  it("is written once under a published review of their listing and shows under it", async () => {
    const { estate, booking, host, guest } = await stay();
    await call(guest.token, "POST", `/api/v1/booking/${booking.id}/review`, { rating: 5, text: GUEST_TEXT });
    await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/review`, { rating: 5, text: HOST_TEXT });
    expect((await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/reply`, { text: "" })).status).toBe(422);
    const replied = await call<{ booking: HostBooking }>(host.token, "POST", `/api/v1/host/booking/${booking.id}/reply`, { text: "Thank you, come again!" });
    expect(replied.status).toBe(200);
    expect(replied.body.data.booking.reviews).toMatchObject({ theirs: { reply: { text: "Thank you, come again!" } }, canReply: false });
    expect((await estateReviews(estate.id)).items[0].reply).toMatchObject({ text: "Thank you, come again!" });
    const again = await call(host.token, "POST", `/api/v1/host/booking/${booking.id}/reply`, { text: "Second answer" });
    expect(again.status).toBe(409);
    expect((await estateReviews(estate.id)).items[0].reply?.text).toBe("Thank you, come again!");
    const stranger = await tokenOf((await t.make.user({ mode: "host" })).id);
    expect((await call(stranger, "POST", `/api/v1/host/booking/${booking.id}/reply`, { text: "Not mine" })).status).toBe(404);
  });
});

describe("the guest's record", () => {
  it("shows on a new request: rating and reviews from earlier hosts, and on the public profile without a way to reach them", async () => {
    const first = await stay();
    await call(first.host.token, "POST", `/api/v1/host/booking/${first.booking.id}/review`, { rating: 5, text: HOST_TEXT });
    await call(first.guest.token, "POST", `/api/v1/booking/${first.booking.id}/review`, { rating: 5, text: GUEST_TEXT });
    const second = await stay(3, { guestId: first.guest.id });
    await call(second.host.token, "POST", `/api/v1/host/booking/${second.booking.id}/review`, { rating: 3, text: "Late at night, but polite." });
    await t.db.update(guestReviews).set({ publishedAt: sql`now() - interval '1 second'` }).where(eq(guestReviews.bookingId, second.booking.id));
    // A review an operator hid is read by nobody.
    const third = await stay(4, { guestId: first.guest.id });
    await call(third.host.token, "POST", `/api/v1/host/booking/${third.booking.id}/review`, { rating: 1, text: "Rude words in this review." });
    await t.db.update(guestReviews).set({ publishedAt: sql`now() - interval '1 second'`, hiddenAt: new Date(), hiddenReason: "insults" }).where(eq(guestReviews.bookingId, third.booking.id));

    const newHost = await t.make.user({ mode: "host" });
    const request = await t.make.booking(await t.make.estate({ hostId: newHost.id }), day(10), day(12), "pending_confirmation");
    await t.db.update(bookings).set({ guestId: first.guest.id }).where(eq(bookings.id, request.id));
    const seen = await hostView(await tokenOf(newHost.id), request.id);
    expect(seen.guestRecord).toMatchObject({ rating: 4, count: 2 });
    expect(seen.guestRecord?.reviews.map((r) => r.rating).sort()).toEqual([3, 5]);

    const { status, body } = await profile(first.guest.id);
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id: first.guest.id, firstName: "Aizada", isHost: false, asGuest: { rating: 4, count: 2 } });
    expect(body.data.user.memberSince).toMatch(/^\d{4}-\d{2}$/);
    const text = JSON.stringify(body);
    for (const secret of ["Guestova", "99670", "@", "Rude words"]) expect(text).not.toContain(secret);
  });

  it("is 404 for an unknown, deleted or blocked member", async () => {
    const gone = await t.make.user({ deletedAt: new Date(), phone: null });
    const blocked = await t.make.user({ blockedAt: new Date() });
    for (const id of ["999999", String(gone.id), String(blocked.id), "abc"]) {
      expect((await call(null, "GET", `/api/v1/users/${id}`)).status, id).toBeGreaterThanOrEqual(404);
    }
    expect((await profile((await t.make.user()).id)).status).toBe(200);
  });
});
