/**
 * Applies booking deadlines nobody is watching: annulments, check-in, completion, and the
 * warnings before them. Idempotent: every change is conditional on the state it read, rows are
 * claimed with FOR UPDATE SKIP LOCKED, and a warning is sent by the one UPDATE that sets
 * warned_at. Any number of server processes may run it at once.
 */
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { bookings, estates } from "../../db/schema";
import { HttpError } from "../../lib/http-errors";
import { estateNames } from "../estate-lookup";
import { applyTransition, notify, type BookingDeps } from "./bookings";
import { deadlineFor } from "./state-machine";
import type { PaymentProvider } from "../payments/provider";
import { sendDueRefunds } from "../payments/refund-queue";
import { countPublishedReviews } from "../reviews";
import type { BookingStatus } from "../../../contract/booking-statuses";

const BATCH = 50;

export async function sweepBookings(deps: Pick<BookingDeps, "db" | "timings">, now = new Date()): Promise<{ changed: number; warned: number }> {
  let changed = 0;
  // A stay long past may need two steps (check-in, then completion): loop until nothing is due.
  for (let round = 0; round < 20; round++) {
    const applied = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(bookings)
        .where(lte(bookings.deadlineAt, now))
        .orderBy(asc(bookings.deadlineAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      let count = 0;
      for (const booking of due) {
        try {
          await applyTransition(tx, deps, booking, booking.deadlineAction as BookingStatus, "system", {}, now);
          count++;
        } catch (error) {
          // Another process got there first: its change stands.
          if (!(error instanceof HttpError && error.status === 409)) throw error;
        }
      }
      return count;
    });
    changed += applied;
    if (applied < BATCH) break;
  }

  const warnings = await deps.db
    .update(bookings)
    .set({ warnedAt: now })
    .where(and(lte(bookings.warnAt, now), isNull(bookings.warnedAt), sql`${bookings.deadlineAt} > ${now}`))
    .returning();
  for (const booking of warnings) {
    const { title } = await estateNames(deps.db, booking.estateId);
    // The one who can still save the booking hears about it: the host must answer, the guest must pay.
    await notify(
      deps.db,
      booking,
      title,
      booking.status === "pending_confirmation" ? { host: "booking_annulled_without_confirm_soon", guest: "booking_annulled_soon" } : { guest: "booking_annulled_without_payment_soon" },
    );
  }
  return { changed, warned: warnings.length };
}

/** Undated bookings read and scheduled at once by scheduleMissingDeadlines. */
const SCHEDULE_PAGE = 1000;

/**
 * Gives every active booking that has no deadline the one its status calls for. Bookings made
 * through the API always have one; this covers rows written by other means (the demo seed, an
 * import), so none of them can sit forever in a status whose time is over.
 *
 * A page of bookings at a time, with their estates' hours in the same read and one UPDATE per
 * page: `npm run seed -- --estates 100000` leaves ~90 000 undated bookings, which one SELECT and
 * one UPDATE per booking took many minutes to schedule at start, each UPDATE a write that dropped
 * PGlite's kept reads and sent the search index to the change log (docs/operations.md, "The
 * search API at 100 000").
 *
 * `stop` ends it between pages (a shutdown during the server's start): each page is one UPDATE,
 * so what was written is whole, and the next start schedules the rest.
 */
export async function scheduleMissingDeadlines(deps: Pick<BookingDeps, "db" | "timings">, now = new Date(), stop?: AbortSignal): Promise<number> {
  let seen = 0;
  for (let after = 0; !stop?.aborted; ) {
    const undated = await deps.db
      .select({ id: bookings.id, status: bookings.status, checkIn: bookings.checkIn, checkOut: bookings.checkOut, checkInTime: estates.checkInTime, checkOutTime: estates.checkOutTime })
      .from(bookings)
      .leftJoin(estates, eq(estates.id, bookings.estateId))
      .where(and(isNull(bookings.deadlineAt), sql`${bookings.active}`, gt(bookings.id, after)))
      .orderBy(asc(bookings.id))
      .limit(SCHEDULE_PAGE);
    if (undated.length === 0) break;
    seen += undated.length;
    after = undated[undated.length - 1].id;
    const scheduled = undated.flatMap((booking) => {
      const deadline = deadlineFor(booking.status, booking, now, deps.timings, { checkInTime: booking.checkInTime, checkOutTime: booking.checkOutTime });
      return deadline ? [{ id: booking.id, at: deadline.at.toISOString(), action: deadline.to, warn: deadline.warnAt?.toISOString() ?? null }] : [];
    });
    // Still undated when written: a booking that got its deadline meanwhile (a transition) keeps it.
    if (scheduled.length) {
      await deps.db.execute(sql`
        UPDATE bookings b SET deadline_at = s.at, deadline_action = s.action, warn_at = s.warn
        FROM json_to_recordset(${JSON.stringify(scheduled)}::json) AS s(id int, at timestamptz, action text, warn timestamptz)
        WHERE b.id = s.id AND b.deadline_at IS NULL`);
    }
    if (undated.length < SCHEDULE_PAGE) break;
  }
  return seen;
}

/**
 * Runs the sweeper every `intervalMs` in this process, adds reviews published by the end of their
 * window to their estate's rating (reviews.ts), and sends the refunds a gateway has not taken yet
 * (refund-queue.ts); returns a function that stops it.
 */
export function startSweeper(deps: Pick<BookingDeps, "db" | "timings"> & { payments?: PaymentProvider }, intervalMs: number, log: (error: unknown) => void = console.error): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const payments = deps.payments;
  const timer = setInterval(() => {
    running = running
      .then(() => sweepBookings(deps))
      .then(() => countPublishedReviews(deps.db))
      .then(() => (payments ? sendDueRefunds({ db: deps.db, payments }) : 0))
      .catch(log);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
