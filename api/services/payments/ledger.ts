/**
 * The payout ledger's lines (docs/bookings.md, "Host payouts"): what each paid stay owes its host.
 * Written in the same transaction as the payment or refund that changes it, so the ledger never
 * disagrees with the money. Batches and runs are payouts.ts.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookings, estates, payoutLines } from "../../db/schema";
import { COOPERATION_FORMATS, hostPayout } from "../../../contract/stay-terms";
import { bishkekTime } from "../../../contract/dates";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;
type Booking = typeof bookings.$inferSelect;

export const PAYABLE_AFTER_CHECK_IN_MS = 24 * 60 * 60 * 1000;

/**
 * When a stay's line becomes payable: 24 hours after check-in (the estate's check-in hour,
 * Asia/Bishkek), or at once for an early-payout booking (its frozen commission is that format's).
 */
async function payableAt(tx: Tx, booking: Booking, paidAt: Date): Promise<Date> {
  if (booking.commissionPercent === COOPERATION_FORMATS.early_payout.commissionPercent) return paidAt;
  const [estate] = await tx.select({ checkInTime: estates.checkInTime }).from(estates).where(eq(estates.id, booking.estateId));
  return new Date(bishkekTime(booking.checkIn, estate?.checkInTime ?? "14:00").getTime() + PAYABLE_AFTER_CHECK_IN_MS);
}

/** A paid stay's line: what the guest paid, the commission frozen on the booking, the host's share. Once per booking. */
export async function recordStay(tx: Tx, booking: Booking, paid: number, paidAt = new Date()): Promise<void> {
  const { commission, payout } = hostPayout(paid, booking.commissionPercent);
  await tx
    .insert(payoutLines)
    .values({ bookingId: booking.id, hostId: booking.hostId, kind: "stay", paid, commissionPercent: booking.commissionPercent, commission, hostShare: payout, payableAt: await payableAt(tx, booking, paidAt) })
    .onConflictDoNothing();
}

/**
 * A refund of a paid stay: the line is recomputed on what the guest keeps paid (the commission
 * too, as the earnings page always did), or, when the stay was already in a batch, a negative
 * `refund` line takes the difference back from the host's next payout.
 */
export async function recordRefund(tx: Tx, booking: Booking, amount: number, now = new Date()): Promise<void> {
  const [line] = await tx.select().from(payoutLines).where(and(eq(payoutLines.bookingId, booking.id), eq(payoutLines.kind, "stay"))).limit(1);
  if (!line) return;
  const refunded = line.refunded + amount;
  const { commission, payout } = hostPayout(Math.max(0, line.paid - refunded), line.commissionPercent);
  const [changed] = await tx
    .update(payoutLines)
    .set({ refunded, commission, hostShare: payout, updatedAt: now })
    .where(and(eq(payoutLines.id, line.id), isNull(payoutLines.batchId)))
    .returning({ id: payoutLines.id });
  if (changed) return;
  await tx
    .insert(payoutLines)
    .values({
      bookingId: booking.id,
      hostId: booking.hostId,
      kind: "refund",
      paid: 0,
      refunded: amount,
      commissionPercent: line.commissionPercent,
      commission: commission - line.commission,
      hostShare: payout - line.hostShare,
      payableAt: now,
    })
    .onConflictDoUpdate({
      target: [payoutLines.bookingId, payoutLines.kind],
      set: { refunded: sql`${payoutLines.refunded} + ${amount}`, commission: commission - line.commission, hostShare: payout - line.hostShare, updatedAt: now },
      setWhere: isNull(payoutLines.batchId),
    });
}
