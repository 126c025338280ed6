/**
 * Bookings: creation with a server-computed price, the caller's view of one, and every status
 * change through the state machine, with its event, notifications, deadline and refund.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { BOOKING_GROUPS, HOST_BOOKING_TABS, type BookingGroup, type BookingStatus, type HostBookingTab } from "../../../contract/booking-statuses";
import { isPaidStatus, type Booking, type StayContact } from "../../../contract/booking";
import type { Locale, Localized } from "../../../contract/common";
import type { CancellationPolicy } from "../../../contract/refunds";
import type { Db } from "../../db/client";
import { bookingEvents, bookings, cancelReasons, estates, notifications } from "../../db/schema";
import { todayInBishkek, daysBetween } from "../../../contract/dates";
import { fieldError, HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { loadCalendar } from "../calendar";
import { estateNames } from "../estate-lookup";
import { toPhoto } from "../photos";
import { intArray } from "../../lib/sql";
import { keptWhileUnwritten } from "../../lib/kept-while-unwritten";
import { bookingReviews } from "../reviews";
import { isBeforeStart, minNightsFor, outsideRules, quoteStay } from "../stay-quote";
import { bookingSpan } from "../../../contract/availability-rules";
import type { PaymentProvider } from "../payments/provider";
import { queueRefund, sendQueued } from "../payments/refund-queue";
import { chosenReason } from "./cancel-reasons";
import { cleaningFeeOf, guestRefund } from "./refunds";
import { COOPERATION_FORMATS, DEFAULT_COOPERATION_FORMAT, slotsInWindow, type CooperationFormat, type TimeSlot } from "../../../contract/stay-terms";
import { nightsOnly } from "../../../contract/stay-price";
import { allowedActions, deadlineFor, initialStatus, transition, type Actor, type BookingTimings, type StayHours } from "./state-machine";

/** Drizzle's transaction and database share the query API this module uses. */
type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;
export type BookingRow = typeof bookings.$inferSelect;

export type BookingDeps = { db: Db; timings: BookingTimings; payments: PaymentProvider };

type CreateInput = { estateId: number; checkInDate: string; checkOutDate: string; adultCount: number; childrenCount: number; comment?: string; arrivalSlot?: TimeSlot };

/** The commission a new booking freezes: its estate's format's, or the default for an unknown one. */
const commissionPercentOf = (format: string) =>
  (COOPERATION_FORMATS[format as CooperationFormat] ?? COOPERATION_FORMATS[DEFAULT_COOPERATION_FORMAT]).commissionPercent;

export async function createBooking(deps: BookingDeps, guestId: number, input: CreateInput): Promise<BookingRow> {
  const { db } = deps;
  const [estate] = await db.select().from(estates).where(and(eq(estates.id, input.estateId), eq(estates.status, "published"))).limit(1);
  if (!estate) throw notFound("estateNotFound");
  const units = await db.select({ id: estates.id }).from(estates).where(eq(estates.parentId, estate.id)).limit(1);
  if (units.length) throw fieldError("estateId", "bookComplexUnit");
  if (estate.hostId === guestId) throw fieldError("estateId", "bookOwnListing");
  if (input.checkInDate < todayInBishkek()) throw fieldError("checkInDate", "checkInPast");
  if (input.checkOutDate <= input.checkInDate) throw fieldError("checkOutDate", "checkOutAfterCheckIn");
  if (daysBetween(todayInBishkek(), input.checkInDate) > 500) throw fieldError("checkInDate", "bookingTooFar", { n: 500 });
  if (isBeforeStart(estate, input.checkInDate)) throw fieldError("checkInDate", "opensOn", { date: estate.availableFrom!.split("-").reverse().join(".") });

  if (input.arrivalSlot && !slotsInWindow(estate.checkInTime, estate.checkInUntil).includes(input.arrivalSlot)) {
    throw fieldError("arrivalSlot", "arrivalWindow", { from: estate.checkInTime, until: estate.checkInUntil });
  }

  // The host's advance notice and booking window (contract/availability-rules.ts), said as such.
  const broken = outsideRules(estate, input);
  if (broken === "advance_notice") throw fieldError("checkInDate", "advanceNotice", { date: bookingSpan(estate).firstCheckIn.split("-").reverse().join(".") });
  if (broken === "booking_window") throw fieldError("checkOutDate", "bookingWindow", { n: estate.bookingWindowMonths ?? 0 });
  const status = initialStatus(estate.isInstantConfirmation);
  const now = new Date();
  const deadline = deadlineFor(status, { checkIn: input.checkInDate, checkOut: input.checkOutDate }, now, deps.timings, estate);
  return db.transaction(async (tx) => {
    // The estate's row is the booking lock: two requests for one estate take turns from here to
    // the commit, so the second sees the first's nights. The exclusion constraint alone keeps
    // nights from overlapping, but not the preparation nights kept free around a stay: two stays
    // a night apart would both pass a check made before either was written (issue 32).
    await tx.execute(sql`SELECT id FROM estates WHERE id = ${estate.id} FOR UPDATE`);
    const calendar = await loadCalendar(tx, estate.id, input.checkInDate, input.checkOutDate, estate.preparationNights);
    const quote = quoteStay(estate, input, calendar);
    if (quote.reason === "booked" || quote.reason === "blocked") throw new HttpError(409, "datesTaken");
    if (quote.reason === "capacity") throw fieldError("adultCount", "capacityMax", { n: estate.capacity });
    if (quote.reason === "max_nights") throw fieldError("checkOutDate", "nightsMax", { n: estate.maxNights });
    if (quote.reason === "min_nights") throw fieldError("checkOutDate", "nightsMin", { n: minNightsFor(estate, input.checkInDate, calendar) });
    // The exclusion constraint still stands behind the check: a booking written some other way
    // for the same nights fails here with 23P01, answered as 409.
    const [booking] = await tx
      .insert(bookings)
      .values({
        estateId: estate.id,
        guestId,
        hostId: estate.hostId,
        checkIn: input.checkInDate,
        checkOut: input.checkOutDate,
        adultCount: input.adultCount,
        childrenCount: input.childrenCount,
        status,
        nights: quote.nights,
        totalPrice: quote.total,
        priceLines: quote.nightly,
        priceBreakdown: quote.breakdown,
        comment: input.comment ?? "",
        arrivalSlot: input.arrivalSlot ?? null,
        commissionPercent: commissionPercentOf(estate.cooperationFormat),
        deadlineAt: deadline?.at ?? null,
        deadlineAction: deadline?.to ?? null,
        warnAt: deadline?.warnAt ?? null,
      })
      .returning();
    await tx.insert(bookingEvents).values({ bookingId: booking.id, fromStatus: null, toStatus: status, actor: "guest" });
    await notify(tx, booking, (await estateNames(tx, estate.id)).title, { host: "booking_requested" });
    return booking;
  });
}

/** The booking, if the caller is its guest or its host; otherwise it does not exist for them. */
export async function findBookingFor(db: Tx, bookingId: number, userId: number): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || (booking.guestId !== userId && booking.hostId !== userId)) throw notFound("bookingNotFound");
  return booking;
}

/** A booking by its id, for a caller that has already checked whose it is. */
export async function bookingById(db: Tx, bookingId: number): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return booking;
}

/** The check-in and check-out hours of a booking's estate. */
export async function stayHoursOf(db: Tx, estateId: number): Promise<StayHours> {
  const [hours] = await db.select({ checkInTime: estates.checkInTime, checkOutTime: estates.checkOutTime }).from(estates).where(eq(estates.id, estateId)).limit(1);
  return hours ?? {};
}

type Extras = Partial<Pick<BookingRow, "cancelReasonId" | "cancelComment" | "refundAmount">>;

/**
 * Moves a booking to `to`, if the lifecycle allows it for `by` and nobody changed the booking
 * meanwhile (the update is conditional on the status read). Records the event, notifies, sets the
 * next deadline.
 */
export async function applyTransition(tx: Tx, deps: Pick<BookingDeps, "timings">, booking: BookingRow, to: BookingStatus, by: Actor, extras: Extras = {}, now = new Date()): Promise<BookingRow> {
  const edge = transition(booking.status, to, by);
  const deadline = deadlineFor(to, booking, now, deps.timings, await stayHoursOf(tx, booking.estateId));
  const [updated] = await tx
    .update(bookings)
    .set({
      status: to,
      deadlineAt: deadline?.at ?? null,
      deadlineAction: deadline?.to ?? null,
      warnAt: deadline?.warnAt ?? null,
      warnedAt: null,
      updatedAt: now,
      ...extras,
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning();
  if (!updated) throw new HttpError(409, "bookingChanged");
  await tx.insert(bookingEvents).values({ bookingId: booking.id, fromStatus: booking.status, toStatus: to, actor: by });
  await notify(tx, updated, (await estateNames(tx, booking.estateId)).title, edge.notify);
  return updated;
}

export async function notify(
  tx: Tx,
  booking: BookingRow,
  estateTitle: Localized,
  to: { guest?: (typeof notifications.$inferInsert)["type"]; host?: (typeof notifications.$inferInsert)["type"] },
): Promise<void> {
  const payload = { estateTitle, checkInDate: booking.checkIn, checkOutDate: booking.checkOut, status: booking.status };
  const rows = [
    // `readerRole`: which side of the booking reads it, so the notification links to that side's page.
    to.guest && booking.guestId ? { userId: booking.guestId, type: to.guest, bookingId: booking.id, estateId: booking.estateId, payload: { ...payload, readerRole: "guest" } } : null,
    to.host ? { userId: booking.hostId, type: to.host, bookingId: booking.id, estateId: booking.estateId, payload: { ...payload, readerRole: "host" } } : null,
  ].filter((r): r is NonNullable<typeof r> => r !== null);
  if (rows.length) await tx.insert(notifications).values(rows);
}

/** Cancellation by either side, with the refund the rules give for a paid stay, sent once committed. */
export async function cancelBooking(deps: BookingDeps, booking: BookingRow, by: "guest" | "host", reasonId: number, comment: string | undefined): Promise<BookingRow> {
  const reason = await chosenReason(deps.db, by, reasonId);
  const to = by === "guest" ? "cancelled_by_guest" : "cancelled_by_host";
  transition(booking.status, to, by);
  const paid = booking.status === "paid_waiting_checkin";
  let refund = 0;
  if (paid) {
    const [estate] = await deps.db.select({ policy: estates.cancellationPolicy }).from(estates).where(eq(estates.id, booking.estateId));
    refund = by === "host" ? booking.totalPrice : guestRefund(estate.policy, booking.totalPrice, booking.checkIn, todayInBishkek(), cleaningFeeOf(booking));
  }
  const { updated, refundId } = await deps.db.transaction(async (tx) => {
    const updated = await applyTransition(tx, deps, booking, to, by, { cancelReasonId: reason.id, cancelComment: comment ?? null, refundAmount: paid ? refund : null });
    return { updated, refundId: refund > 0 ? await queueRefund(tx, updated, refund) : null };
  });
  // The cancellation stands whatever the gateway says: a refund it does not take now is retried.
  await sendQueued(deps, [refundId]);
  return updated;
}

/** The host accepts a request: the guest may pay now. */
export function confirmAsHost(deps: Pick<BookingDeps, "db" | "timings">, booking: BookingRow): Promise<BookingRow> {
  return deps.db.transaction((tx) => applyTransition(tx, deps, booking, "pending_payment", "host"));
}

/** The host turns a request down with one of the host's reasons. */
export async function declineAsHost(deps: Pick<BookingDeps, "db" | "timings">, booking: BookingRow, reasonId: number, comment: string | undefined): Promise<BookingRow> {
  const reason = await chosenReason(deps.db, "host", reasonId);
  return deps.db.transaction((tx) => applyTransition(tx, deps, booking, "declined", "host", { cancelReasonId: reason.id, cancelComment: comment ?? null }));
}

// ── Presentation ──────────────────────────────────────────────────────────────────────────

export async function presentBooking(db: Db, booking: BookingRow, viewerId: number, view: { locale: Locale; uploadsUrl: string }): Promise<Booking> {
  const [presented] = await presentBookings(db, [booking], viewerId, view);
  return presented;
}

export type StatusCount = { status: BookingStatus; n: number };

/**
 * One page of a list of bookings (`where`) and the counts per status of all of them (`mine`), the
 * tabs' counts. When the page has rows the counts ride on each of them, as one uncorrelated
 * subquery PostgreSQL computes once: one statement instead of two on every list page (PGlite
 * spends ~0.5 ms on a statement before planning it). Its `FROM bookings` shadows the outer one,
 * so `mine` there names the inner rows. An empty page asks for the counts alone.
 */
export async function bookingPageWithCounts(
  db: Db,
  q: { mine: SQL | undefined; where: SQL | undefined; order: SQL[]; limit: number; offset: number },
): Promise<{ rows: BookingRow[]; perStatus: StatusCount[] }> {
  const counts = sql<StatusCount[]>`(SELECT coalesce(json_agg(json_build_object('status', s.status, 'n', s.n)), '[]'::json)
    FROM (SELECT ${bookings.status} AS status, count(*)::int AS n FROM ${bookings} WHERE ${q.mine} GROUP BY ${bookings.status}) s)`;
  const page = await db
    .select({ booking: bookings, perStatus: counts })
    .from(bookings)
    .where(q.where)
    .orderBy(...q.order)
    .limit(q.limit)
    .offset(q.offset);
  if (page.length > 0) return { rows: page.map((r) => r.booking), perStatus: page[0].perStatus };
  const perStatus = await db.select({ status: bookings.status, n: sql<number>`count(*)::int` }).from(bookings).where(q.mine).groupBy(bookings.status);
  return { rows: [], perStatus };
}

type Page = { limit: number; offset: number };

/**
 * A page of a guest's trips, in one tab (`group`) or all, with every tab's count. Upcoming and
 * waiting trips come soonest first, the others latest first.
 */
export function guestTripsPage(db: Db, guestId: number, group: BookingGroup | undefined, page: Page) {
  // Guests see their trips here; hosts have /api/v1/host/booking.
  const mine = eq(bookings.guestId, guestId);
  const where = and(mine, group ? inArray(bookings.status, [...BOOKING_GROUPS[group]]) : undefined);
  const order = group === "upcoming" || group === "waiting" ? [asc(bookings.checkIn), asc(bookings.id)] : [desc(bookings.checkIn), desc(bookings.id)];
  return bookingPageWithCounts(db, { mine, where, order, ...page });
}

/**
 * A page of one tab of a host's bookings (of one object, or all), newest request first, with every
 * tab's count. The counts are kept until the next write (kept-while-unwritten.ts): they change
 * only when a booking is written (a tab is a set of statuses, and a status changes by a write,
 * the sweeper's too, never by the clock alone), and every tab and page of the host shows the same
 * ones. Reading them read all of the host's bookings (983 rows for the demo host) on every
 * request, ~1 ms of PGlite's thread; the page alone reads its tab's rows. Kept, the page is one
 * statement, not the guest's list's rows-with-counts one (`bookingPageWithCounts`); the first
 * request after a write asks the two at once.
 */
export async function hostBookingsPage(db: Db, hostId: number, tab: HostBookingTab, estateId: number | undefined, page: Page): Promise<{ rows: BookingRow[]; perStatus: StatusCount[] }> {
  const mine = and(eq(bookings.hostId, hostId), estateId ? eq(bookings.estateId, estateId) : undefined);
  const where = and(mine, inArray(bookings.status, [...HOST_BOOKING_TABS[tab]]));
  const [rows, perStatus] = await Promise.all([
    db.select().from(bookings).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id)).limit(page.limit).offset(page.offset),
    keptWhileUnwritten(db, `hostBookingCounts:${hostId}:${estateId ?? "all"}`, () =>
      db.select({ status: bookings.status, n: sql<number>`count(*)::int` }).from(bookings).where(mine).groupBy(bookings.status),
    ),
  ]);
  return { rows, perStatus };
}

/**
 * Bookings as their viewer sees them. A page of bookings costs the same three statements at most as
 * one booking: each related table is read once for the whole page, never once per booking, and
 * the reads a page does not need (reasons, reviews) are skipped. On PGlite every statement costs
 * ~0.5 ms on the database thread besides its planning, so related rows ride along where they can.
 */
export async function presentBookings(db: Db, rows: BookingRow[], viewerId: number, view: { locale: Locale; uploadsUrl: string }): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const estateIds = [...new Set(rows.map((b) => b.estateId))];
  const userIds = [...new Set(rows.flatMap((b) => (b.guestId ? [b.guestId, b.hostId] : [b.hostId])))];
  const bookingIds = rows.map((b) => b.id);
  const reasonIds = [...new Set(rows.flatMap((b) => (b.cancelReasonId ? [b.cancelReasonId] : [])))];
  const [{ users: userRows, events: eventRows, estates: estateRows }, reasonRows, reviewsById] = await Promise.all([
    pageParts(db, userIds, bookingIds, estateIds),
    reasonIds.length ? db.select().from(cancelReasons).where(inArray(cancelReasons.id, reasonIds)) : Promise.resolve([]),
    bookingReviews(db, rows, viewerId),
  ]);
  const estateById = new Map(estateRows.map((e) => [e.id, e]));
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const reasonById = new Map(reasonRows.map((r) => [r.id, r]));
  const eventsById = new Map<number, (typeof eventRows)[number][]>();
  for (const event of eventRows) eventsById.set(event.bookingId, [...(eventsById.get(event.bookingId) ?? []), event]);
  const name = (u?: { firstName: string; lastName: string }) => (u ? [u.firstName, u.lastName].filter(Boolean).join(" ") || "—" : "—");

  return rows.map((booking) => {
    const role = booking.guestId === viewerId ? "guest" : "host";
    const estate = estateById.get(booking.estateId)!;
    const title = localize(estate.title ?? NO_NAMES.title, view.locale);
    const cover = estate.cover;
    const guest = booking.guestId ? userById.get(booking.guestId) : undefined;
    const host = userById.get(booking.hostId);
    const reason = booking.cancelReasonId ? reasonById.get(booking.cancelReasonId) : undefined;
    const pastDeadline = booking.deadlineAt !== null && booking.deadlineAt.getTime() <= Date.now();
    // The exact place and the host's phone only for the guest who paid (PAID_STATUSES says why).
    const contact: StayContact | null =
      role === "guest" && isPaidStatus(booking.status)
        ? {
            city: localize(estate.city ?? NO_NAMES.city, view.locale),
            address: localize(estate.address ?? NO_NAMES.city, view.locale),
            lat: estate.lat,
            lng: estate.lng,
            hostPhone: host?.phone ?? null,
            hostEmail: host?.email ?? null,
          }
        : null;
    return {
      id: booking.id,
      status: booking.status,
      role,
      estate: {
        id: estate.id,
        slug: estate.slug,
        title,
        city: localize(estate.city ?? NO_NAMES.city, view.locale),
        photo: cover ? toPhoto({ ...cover, estate_id: estate.id }, title, view) : null,
        isInstantConfirmation: estate.isInstantConfirmation,
        cancellationPolicy: estate.cancellationPolicy,
      },
      guest: guest ? { id: guest.id, name: name(guest) } : null,
      host: { id: booking.hostId, name: name(host) },
      checkInDate: booking.checkIn,
      checkOutDate: booking.checkOut,
      nights: booking.nights,
      adultCount: booking.adultCount,
      childrenCount: booking.childrenCount,
      totalPrice: booking.totalPrice,
      priceLines: booking.priceLines,
      price: booking.priceBreakdown ?? nightsOnly(booking.priceLines, booking.totalPrice),
      comment: booking.comment,
      deadline: booking.deadlineAt && booking.deadlineAction ? { at: booking.deadlineAt.toISOString(), status: booking.deadlineAction as BookingStatus } : null,
      cancelReason: reason ? localize(reason.name, view.locale) : null,
      cancelComment: booking.cancelComment,
      refundAmount: booking.refundAmount,
      events: (eventsById.get(booking.id) ?? []).map((e) => ({ status: e.toStatus, actor: e.actor, at: e.at })),
      // A booking whose deadline has passed is about to change: offer nothing the sweeper will undo.
      actions: pastDeadline ? [] : allowedActions(booking.status, role),
      canPay: role === "guest" && booking.status === "pending_payment" && !pastDeadline,
      // The guest's review form: kept for older clients, the same as `reviews.canWrite` on the guest's side.
      canReview: role === "guest" && (reviewsById.get(booking.id)?.canWrite ?? false),
      reviews: reviewsById.get(booking.id) ?? null,
      contact,
      createdAt: booking.createdAt.toISOString(),
    };
  });
}

/** A guest or host of the page: the name for everyone, the phone and verified e-mail for `contact`. */
type Person = { id: number; firstName: string; lastName: string; phone: string | null; email: string | null };
type EventRow = { bookingId: number; toStatus: BookingStatus; actor: "guest" | "host" | "system" | "payment" | "operator"; at: string };

type EstateRow = {
  id: number;
  slug: string;
  isInstantConfirmation: boolean;
  cancellationPolicy: CancellationPolicy;
  /** Null for an estate without texts (a draft's first step). */
  title: Localized | null;
  city: Localized | null;
  address: Localized | null;
  lat: number;
  lng: number;
  /** Its first photo by their order, if any. */
  cover: { id: number; key: string; width: number; height: number; variants: number[]; alt: Localized } | null;
};

/**
 * What a page of bookings shows besides the bookings, as three JSON arrays of one statement: the
 * names (and, for `contact`, phones and verified e-mails) of its guests and hosts, its bookings'
 * events (oldest first), and its estates with their texts and covers. They were three statements
 * (people and events were joined earlier), and on PGlite each statement costs its thread
 * ~0.5 ms before planning, on every trips and host bookings page. An event's time is written as
 * the API gives it, in UTC to the millisecond (microseconds cut, as the driver's Date cuts them).
 */
async function pageParts(db: Db, userIds: number[], bookingIds: number[], estateIds: number[]): Promise<{ users: Person[]; events: EventRow[]; estates: EstateRow[] }> {
  const { rows } = await db.execute<{ users: Person[]; events: EventRow[]; estates: EstateRow[] }>(sql`SELECT
    (SELECT coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
        'phone', u.phone, 'email', CASE WHEN u.email_verified_at IS NOT NULL THEN u.email END)), '[]'::json)
      FROM users u WHERE u.id = ANY(${intArray(userIds)})) AS users,
    (SELECT coalesce(json_agg(json_build_object('bookingId', e.booking_id, 'toStatus', e.to_status, 'actor', e.actor,
        'at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY e.created_at, e.id), '[]'::json)
      FROM booking_events e WHERE e.booking_id = ANY(${intArray(bookingIds)})) AS events,
    (SELECT coalesce(json_agg(json_build_object('id', es.id, 'slug', es.slug, 'isInstantConfirmation', es.is_instant_confirmation,
        'cancellationPolicy', es.cancellation_policy, 'title', t.title, 'city', t.city, 'address', t.address, 'lat', es.lat, 'lng', es.lng,
        'cover', (SELECT json_build_object('id', p.id, 'key', p.key, 'width', p.width, 'height', p.height, 'variants', p.variants, 'alt', p.alt)
          FROM estate_photos p WHERE p.estate_id = es.id ORDER BY p.sort_order, p.id LIMIT 1))), '[]'::json)
      FROM estates es LEFT JOIN estate_texts t ON t.estate_id = es.id WHERE es.id = ANY(${intArray(estateIds)})) AS estates`);
  return rows[0];
}

const NO_NAMES: { title: Localized; city: Localized } = { title: { ru: "", en: "", ky: "" }, city: { ru: "", en: "", ky: "" } };

