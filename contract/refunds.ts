/**
 * How much of a paid stay a guest gets back when they cancel, by the estate's cancellation rule:
 * the one table of it. The API applies it when a booking is cancelled
 * (api/services/booking/bookings.ts) and the guest's booking page shows it before they confirm
 * (app/routes/($lang).profile.booking.$id.tsx), so what the guest is told is what they get.
 * Free of zod and of the API's code: the browser imports it. Money is whole som, never a float.
 */
import { daysBetween } from "./dates";

export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/** Full refund when cancelled at least `fullUntilDays` days before check-in, `percentAfter` % later. */
export const REFUND_RULES: Record<CancellationPolicy, { fullUntilDays: number; percentAfter: number }> = {
  flexible: { fullUntilDays: 1, percentAfter: 50 },
  moderate: { fullUntilDays: 5, percentAfter: 50 },
  strict: { fullUntilDays: 14, percentAfter: 0 },
};


/**
 * The refund, in whole som, of a guest who cancels on `today` (a date in Asia/Bishkek) a stay of
 * `paid` som beginning on `checkIn`. A part refund is rounded down: the guest never gets back more
 * than the rule says (integer arithmetic, so 50 % of an odd amount is exact to the som).
 * `cleaningFee` (part of `paid`, contract/stay-price.ts) always comes back whole: a guest cancels
 * before check-in, so the cleaning it pays for never happens; the rule's percentage applies to the
 * rest (decision 0069).
 */
export function guestRefund(policy: CancellationPolicy, paid: number, checkIn: string, today: string, cleaningFee = 0): number {
  const rule = REFUND_RULES[policy];
  if (daysBetween(today, checkIn) >= rule.fullUntilDays) return paid;
  const fee = Math.min(Math.max(0, cleaningFee), paid);
  return fee + Math.floor(((paid - fee) * rule.percentAfter) / 100);
}

/** The cleaning fee a booking's stored breakdown holds (0 for bookings made before fees existed). */
export const cleaningFeeOf = (booking: { priceBreakdown?: { cleaningFee: number } | null; price?: { cleaningFee: number } | null }) =>
  booking.priceBreakdown?.cleaningFee ?? booking.price?.cleaningFee ?? 0;

/** What the refund is, in words a page can choose its sentence by. */
export function refundKind(amount: number, paid: number): "full" | "partial" | "none" {
  return amount >= paid ? "full" : amount > 0 ? "partial" : "none";
}
