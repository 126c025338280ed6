/**
 * A booking's payment, whichever gateway takes it: starting it, applying the gateway's result
 * exactly once (the sandbox's signed return, Freedom Pay's signed result call, or the answer to
 * our own get_status question), and the refund of money that came for a booking that no longer
 * waited for it. The gateways themselves are behind provider.ts.
 */
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Locale } from "../../../contract/common";
import { bookings, transactions } from "../../db/schema";
import { HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { message } from "../../lib/messages";
import { applyTransition, type BookingDeps, type BookingRow } from "../booking/bookings";
import { estateNames } from "../estate-lookup";
import { recordStay } from "./ledger";
import { CURRENCY, GatewayError, type PaymentOutcome } from "./provider";
import { queueRefund, sendQueued } from "./refund-queue";
import type { TransactionStatus } from "../../../contract/transactions";

export type PaymentDeps = BookingDeps & {
  /** The site's public origin (PUBLIC_URL): the gateway calls back and returns the payer there. */
  siteUrl?: string;
  log?: (line: string) => void;
};

/** Where Freedom Pay posts a payment's result (its script name, "result", is part of the signature). */
export const FREEDOMPAY_RESULT_PATH = "/api/v1/payment/freedompay/result";


/** A transaction by its reference at the gateway (a payment's order id), or null. */
export async function paymentByRef(db: PaymentDeps["db"], ref: string): Promise<typeof transactions.$inferSelect | null> {
  const [payment] = await db.select().from(transactions).where(eq(transactions.providerRef, ref)).limit(1);
  return payment ?? null;
}

const ddmm = (date: string) => date.split("-").reverse().join(".");

/**
 * Starts a payment: a pending transaction whose reference is the order id at the gateway, then the
 * gateway's page for the payer. A gateway that fails (down, slow, an error or unsigned answer)
 * leaves the booking payable and the payer a message to try again (502).
 */
export async function startPayment(deps: PaymentDeps, booking: BookingRow, locale: Locale, now = new Date()): Promise<string> {
  if (booking.status !== "pending_payment") throw new HttpError(409, "notAwaitingPayment");
  // The booking's number leads the order id, so the gateway's merchant cabinet shows whose it is;
  // each try has its own (a status asked by order id must find one payment, not several).
  const ref = `konok-${booking.id}-${crypto.randomBytes(5).toString("hex")}`;
  const [payment] = await deps.db
    .insert(transactions)
    .values({ bookingId: booking.id, userId: booking.guestId, kind: "payment", amount: booking.totalPrice, status: "pending", provider: deps.payments.name, providerRef: ref, locale })
    .returning();
  const site = (deps.siteUrl ?? "").replace(/\/+$/, "");
  const prefix = locale === "ru" ? "" : `/${locale}`;
  const { title } = await estateNames(deps.db, booking.estateId);
  const lifetimeSeconds = booking.deadlineAt ? (booking.deadlineAt.getTime() - now.getTime()) / 1000 : deps.timings.paymentSeconds;
  try {
    const started = await deps.payments.start({
      ref,
      amount: booking.totalPrice,
      description: message(locale, "paymentDescription", { id: booking.id, title: localize(title, locale), from: ddmm(booking.checkIn), to: ddmm(booking.checkOut) }),
      locale,
      lifetimeSeconds,
      resultUrl: `${site}${FREEDOMPAY_RESULT_PATH}`,
      successUrl: `${site}${prefix}/booking/success?bookingId=${booking.id}`,
      failureUrl: `${site}${prefix}/booking/fail?bookingId=${booking.id}`,
      userId: booking.guestId,
    });
    if (started.gatewayPaymentId) await deps.db.update(transactions).set({ gatewayPaymentId: started.gatewayPaymentId }).where(eq(transactions.id, payment.id));
    return started.redirectUrl;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await deps.db.update(transactions).set({ status: "Cancelled", lastError: error.message.slice(0, 500), completedAt: new Date() }).where(and(eq(transactions.id, payment.id), eq(transactions.status, "pending")));
    (deps.log ?? console.warn)(`Payment ${ref} of booking ${booking.id} not started: ${error.message}`);
    throw new HttpError(502, "paymentGatewayDown");
  }
}

export type GatewayResult = {
  ref: string;
  outcome: PaymentOutcome;
  /** What the gateway says was paid; null when it does not say (the sandbox). */
  amount: number | null;
  currency: string | null;
  gatewayPaymentId?: string | null;
  /** Freedom Pay's pg_can_reject: we may still refuse the money instead of refunding it. */
  canReject: boolean;
};

export type ResultAnswer = { answer: "ok" | "rejected" | "error"; description?: string; bookingId: number | null; locale: Locale; status: TransactionStatus };

/**
 * Applies a verified gateway result exactly once. Calls for one booking queue on its row, so each
 * sees the booking as the previous one left it. What we answered is stored with the payment, and
 * a repeated call gets that answer again and changes nothing. Money for a booking that no longer
 * waits for it (annulled, cancelled, or paid by another try) is refused where the gateway lets us
 * (`rejected`), otherwise taken and refunded in full.
 */
export async function applyGatewayResult(deps: PaymentDeps, result: GatewayResult): Promise<ResultAnswer> {
  const log = deps.log ?? ((line: string) => console.warn(line));
  const { answer, refundId } = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ bookingId: transactions.bookingId })
      .from(transactions)
      .where(and(eq(transactions.providerRef, result.ref), eq(transactions.provider, deps.payments.name), eq(transactions.kind, "payment")))
      .limit(1);
    if (!target) return { answer: { answer: "error", description: "unknown order", bookingId: null, locale: "ru", status: "pending" } as ResultAnswer, refundId: null };
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, target.bookingId)).for("update");
    const [payment] = await tx.select().from(transactions).where(and(eq(transactions.providerRef, result.ref), eq(transactions.provider, deps.payments.name))).limit(1);
    const base = { bookingId: booking.id, locale: payment.locale };
    if (payment.resultAnswer) {
      const [answer, description] = payment.resultAnswer.split("|", 2) as [ResultAnswer["answer"], string | undefined];
      return { answer: { ...base, answer, description, status: payment.status }, refundId: null };
    }
    const settle = async (status: TransactionStatus, answer: ResultAnswer["answer"], description?: string, lastError?: string) => {
      await tx
        .update(transactions)
        .set({
          status,
          resultAnswer: description ? `${answer}|${description}` : answer,
          gatewayPaymentId: result.gatewayPaymentId ?? payment.gatewayPaymentId,
          completedAt: status === "pending" ? null : (payment.completedAt ?? new Date()),
          ...(lastError ? { lastError } : {}),
        })
        .where(eq(transactions.id, payment.id));
      return { ...base, answer, description, status };
    };
    // Already paid (a status question settled it first): the same money, nothing more to do.
    if (payment.status === "Success") return { answer: await settle("Success", "ok"), refundId: null };
    if (result.outcome === "Cancelled") return { answer: await settle("Cancelled", "ok"), refundId: null };
    if ((result.amount !== null && result.amount !== payment.amount) || (result.currency !== null && result.currency !== CURRENCY)) {
      const why = `amount or currency mismatch: expected ${payment.amount} ${CURRENCY}, got ${result.amount} ${result.currency}`;
      log(`Payment ${payment.providerRef} of booking ${booking.id} not applied: ${why}`);
      return { answer: result.canReject ? await settle("Cancelled", "rejected", message(payment.locale, "paymentRejected"), why) : await settle(payment.status, "error", why, why), refundId: null };
    }
    if (booking.status === "pending_payment") {
      const paid = await applyTransition(tx, deps, booking, "paid_waiting_checkin", "payment");
      await recordStay(tx, paid, payment.amount);
      return { answer: await settle("Success", "ok"), refundId: null };
    }
    if (result.canReject) return { answer: await settle("Cancelled", "rejected", message(payment.locale, "paymentRejected")), refundId: null };
    const answer = await settle("Success", "ok");
    const settled = { ...payment, status: "Success" as const, gatewayPaymentId: result.gatewayPaymentId ?? payment.gatewayPaymentId };
    log(`Payment ${payment.providerRef} arrived for booking ${booking.id} in status ${booking.status}: refunded in full`);
    return { answer, refundId: await queueRefund(tx, booking, payment.amount, { payment: settled, ledger: false }) };
  });
  await sendQueued(deps, [refundId]);
  return answer;
}

/** The sandbox's return: its outcome, with the amount the payment was started with. */
export async function completeSandboxPayment(deps: PaymentDeps, ref: string, outcome: PaymentOutcome): Promise<ResultAnswer> {
  const answer = await applyGatewayResult(deps, { ref, outcome, amount: null, currency: null, canReject: false });
  if (answer.bookingId === null) throw notFound("paymentNotFound");
  return answer;
}

/**
 * The payer is back but the gateway's result call has not come: ask the gateway (get_status) about
 * the booking's payments still pending and apply what it says as the result would have been.
 * "confirming" while the gateway says nothing final or cannot be asked.
 */
export async function checkPendingPayments(deps: PaymentDeps, booking: BookingRow): Promise<"settled" | "confirming" | "none"> {
  const pending = await deps.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.bookingId, booking.id), eq(transactions.kind, "payment"), eq(transactions.status, "pending"), inArray(transactions.provider, [deps.payments.name])));
  if (pending.length === 0) return "none";
  let confirming = false;
  for (const payment of pending) {
    let status;
    try {
      status = await deps.payments.status({ ref: payment.providerRef, gatewayPaymentId: payment.gatewayPaymentId });
    } catch (error) {
      (deps.log ?? console.warn)(`Status of payment ${payment.providerRef} not known: ${error instanceof Error ? error.message : String(error)}`);
      confirming = true;
      continue;
    }
    if (!status || status.outcome === "pending") {
      confirming = confirming || status !== null;
      continue;
    }
    await applyGatewayResult(deps, { ref: payment.providerRef, outcome: status.outcome, amount: status.amount, currency: status.currency, gatewayPaymentId: status.gatewayPaymentId, canReject: false });
  }
  return confirming ? "confirming" : "settled";
}
