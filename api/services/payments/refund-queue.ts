/**
 * Refunds that must reach the gateway even when it is down: a refund is first written as a
 * pending `refund` transaction in the same database transaction as the cancellation (or the late
 * payment) that owes it, and only then sent. A send that fails (unreachable, an error answer) is
 * tried again by the sweeper with a growing pause, so a refund is never lost and the guest's
 * payments page shows it as under way meanwhile.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookings, transactions } from "../../db/schema";
import { recordRefund } from "./ledger";
import { GatewayError, type PaymentProvider } from "./provider";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;
type Booking = typeof bookings.$inferSelect;

/** A claimed send is another process's for this long; after it the refund is due again. */
const CLAIM_MS = 2 * 60_000;
/** The pause after the n-th failed try: 1, 2, 4 … minutes, at most an hour. */
export const retryPause = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Writes the refund of `amount` som of a paid payment (by default the booking's; none: nothing to
 * refund) and, unless told otherwise, takes it off the host's payout line. Send it with sendQueued
 * once the transaction has committed.
 */
export async function queueRefund(
  tx: Tx,
  booking: Booking,
  amount: number,
  options: { payment?: typeof transactions.$inferSelect; ledger?: boolean; now?: Date } = {},
): Promise<number | null> {
  const now = options.now ?? new Date();
  const [payment] = options.payment
    ? [options.payment]
    : await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.bookingId, booking.id), eq(transactions.kind, "payment"), eq(transactions.status, "Success")))
        .orderBy(desc(transactions.completedAt))
        .limit(1);
  if (!payment || amount <= 0) return null;
  const [refund] = await tx
    .insert(transactions)
    .values({
      bookingId: booking.id,
      userId: booking.guestId,
      kind: "refund",
      amount,
      status: "pending",
      provider: payment.provider,
      providerRef: `${payment.providerRef}:refund:${crypto.randomBytes(4).toString("hex")}`,
      locale: payment.locale,
      refundOf: payment.id,
      nextAttemptAt: now,
    })
    .returning({ id: transactions.id });
  if (options.ledger !== false) await recordRefund(tx, booking, amount, now);
  return refund.id;
}

/**
 * Sends one pending refund to the gateway, if it is due and no other process is sending it (the
 * claim moves its next attempt forward). True when the gateway took it.
 */
export async function sendRefund(deps: { db: Db; payments: PaymentProvider; log?: (line: string) => void }, id: number, now = new Date()): Promise<boolean> {
  const log = deps.log ?? ((line: string) => console.warn(line));
  const [refund] = await deps.db
    .update(transactions)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(transactions.id, id), eq(transactions.kind, "refund"), eq(transactions.status, "pending"), lte(transactions.nextAttemptAt, now)))
    .returning();
  if (!refund) return false;
  const [payment] = await deps.db.select().from(transactions).where(eq(transactions.id, refund.refundOf!)).limit(1);
  const attempts = refund.attempts + 1;
  try {
    if (payment.provider !== deps.payments.name) throw new GatewayError(`paid through ${payment.provider}, which is not the configured gateway (${deps.payments.name})`);
    const reference = await deps.payments.refund({ ref: payment.providerRef, gatewayPaymentId: payment.gatewayPaymentId }, refund.amount);
    await deps.db
      .update(transactions)
      .set({ status: "Success", gatewayPaymentId: reference, attempts, nextAttemptAt: null, lastError: null, completedAt: new Date() })
      .where(eq(transactions.id, id));
    return true;
  } catch (error) {
    // Freedom Pay's 4004, "a refund is already under way", after a try of ours whose answer was
    // lost: that try reached it, and this refund is the one under way.
    if (error instanceof GatewayError && error.code === "4004" && refund.attempts > 0) {
      await deps.db.update(transactions).set({ status: "Success", attempts, nextAttemptAt: null, lastError: null, completedAt: new Date() }).where(eq(transactions.id, id));
      return true;
    }
    const why = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(transactions)
      .set({ attempts, lastError: why.slice(0, 500), nextAttemptAt: new Date(now.getTime() + retryPause(attempts)) })
      .where(eq(transactions.id, id));
    log(`Refund ${id} of booking ${refund.bookingId} (${refund.amount} som) not sent, try ${attempts}: ${why}`);
    return false;
  }
}

/** Sends the refunds whose next try is due (the sweeper calls it). */
export async function sendDueRefunds(deps: { db: Db; payments: PaymentProvider; log?: (line: string) => void }, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.kind, "refund"), eq(transactions.status, "pending"), lte(transactions.nextAttemptAt, now)))
    .orderBy(asc(transactions.nextAttemptAt))
    .limit(20);
  let sent = 0;
  for (const { id } of due) if (await sendRefund(deps, id, now)) sent++;
  return sent;
}

/** Sends refunds just queued, after their transaction committed; a failure leaves them to the sweeper. */
export async function sendQueued(deps: { db: Db; payments: PaymentProvider }, ids: (number | null)[]): Promise<void> {
  for (const id of ids) if (id !== null) await sendRefund(deps, id).catch((error) => console.error(error));
}

