/**
 * Deleting an account that has stays not yet over (issue 27: a guest deleted their account with a
 * paid stay ahead, and the host was left with a guest "—" and no phone). Decision 0072:
 *
 * - A stay the person booked as a guest and has not begun is cancelled through the state machine
 *   (`cancelled_by_guest`, so the host is notified as for any cancellation), a paid one refunded in
 *   full whatever the listing's policy: the guest is not choosing to cancel a trip, they are
 *   leaving, and keeping their contact for the host would keep what they asked to erase. The host
 *   reads why on the booking (its comment, in the host's language).
 * - A stay under way (`paid_occupied`), or guests booked at the person's own listings, cannot be
 *   settled that way; deletion waits until they are over (or the host cancels them, as a host can),
 *   and the page lists them.
 *
 * The plan the page shows and the deletion read the same rows with the same rules.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import type { Locale } from "../../contract/common";
import type { DeletionPlan, DeletionStay } from "../../contract/account";
import type { Db } from "../db/client";
import { bookings, estates, estateTexts, users } from "../db/schema";
import { HttpError } from "../lib/http-errors";
import { localize } from "../lib/locale";
import { message } from "../lib/messages";
import { applyTransition, type BookingDeps, type BookingRow } from "./booking/bookings";
import { queueRefund, sendQueued } from "./payments/refund-queue";
import { revokeAllForUser } from "./auth/tokens";
import { anonymiseIn } from "./users";
import { ACTIVE_BOOKING_STATUSES, NOT_STARTED_STATUSES } from "../../contract/booking-statuses";

/** Stays the deletion cancels: booked, not begun. */
const CANCELLED = NOT_STARTED_STATUSES;
/** Stays that hold the deletion back: under way, or a guest's at the person's listings and not over. */
const HOSTED = ACTIVE_BOOKING_STATUSES;

type Affected = { booking: BookingRow; role: "guest" | "host" };

async function affectedStays(db: Pick<Db, "select">, userId: number): Promise<Affected[]> {
  const rows = await db
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(estates, eq(estates.id, bookings.estateId))
    .where(
      or(
        and(eq(bookings.guestId, userId), inArray(bookings.status, [...CANCELLED, "paid_occupied"])),
        and(eq(estates.hostId, userId), inArray(bookings.status, [...HOSTED])),
      ),
    )
    .orderBy(bookings.checkIn, bookings.id);
  // A host's own trip at their own listing is theirs as a guest.
  return rows.map(({ booking }) => ({ booking, role: booking.guestId === userId ? "guest" : "host" }));
}

const outcomeOf = ({ booking, role }: Affected): DeletionStay["outcome"] =>
  role === "host" ? "hosting" : booking.status === "paid_occupied" ? "staying" : booking.status === "paid_waiting_checkin" ? "cancelRefund" : "cancel";

/** What deleting the account would do to each stay not yet over, in the reader's language. */
export async function deletionPlan(db: Db, userId: number, locale: Locale): Promise<DeletionPlan> {
  const affected = await affectedStays(db, userId);
  const ids = [...new Set(affected.map((a) => a.booking.estateId))];
  const titles = ids.length ? await db.select({ id: estateTexts.estateId, title: estateTexts.title }).from(estateTexts).where(inArray(estateTexts.estateId, ids)) : [];
  const titleOf = new Map(titles.map((t) => [t.id, localize(t.title, locale)]));
  const stays = affected.map((a): DeletionStay => {
    const outcome = outcomeOf(a);
    return {
      bookingId: a.booking.id,
      estateTitle: titleOf.get(a.booking.estateId) ?? "",
      checkIn: a.booking.checkIn,
      checkOut: a.booking.checkOut,
      role: a.role,
      outcome,
      refund: outcome === "cancelRefund" ? a.booking.totalPrice : 0,
    };
  });
  return { stays, canDelete: stays.every((s) => s.outcome === "cancel" || s.outcome === "cancelRefund") };
}

/**
 * Cancels the person's stays not begun (paid ones refunded in full), erases the account, signs it
 * out everywhere: one transaction, so a stay is never cancelled for an account left undeleted.
 * 409 `accountHasStays` while a stay holds the deletion back.
 */
export async function deleteAccount(deps: BookingDeps, userId: number): Promise<void> {
  const refundIds = await deps.db.transaction(async (tx) => {
    const affected = await affectedStays(tx, userId);
    if (affected.some((a) => outcomeOf(a) === "staying" || outcomeOf(a) === "hosting")) throw new HttpError(409, "accountHasStays");
    const ids: (number | null)[] = [];
    for (const { booking } of affected) {
      const paid = booking.status === "paid_waiting_checkin";
      // The host reads why, in their own language, beside the cancellation.
      const [host] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, booking.hostId));
      const comment = message(host?.locale ?? "ru", paid ? "guestDeletedAccount" : "guestDeletedAccountUnpaid");
      const updated = await applyTransition(tx, deps, booking, "cancelled_by_guest", "guest", { cancelComment: comment, refundAmount: paid ? booking.totalPrice : null });
      if (paid) ids.push(await queueRefund(tx, updated, booking.totalPrice));
    }
    await anonymiseIn(tx, userId);
    return ids;
  });
  await revokeAllForUser(deps.db, userId);
  // The deletion stands whatever the gateway says: a refund it does not take now is retried.
  await sendQueued(deps, refundIds);
}
