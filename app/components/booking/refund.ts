/**
 * What a guest would get back by cancelling now, shown before they confirm. The API decides the
 * real refund when the booking is cancelled (api/services/booking/refunds.ts); this mirrors its
 * published rule (docs/bookings.md, "Refunds") so the guest is told before, not after.
 */
import type { Booking } from "../../../contract/booking";

const RULES: Record<Booking["estate"]["cancellationPolicy"], { fullUntilDays: number; shareAfter: number }> = {
  flexible: { fullUntilDays: 1, shareAfter: 0.5 },
  moderate: { fullUntilDays: 5, shareAfter: 0.5 },
  strict: { fullUntilDays: 14, shareAfter: 0 },
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export type RefundPreview = { kind: "unpaid" } | { kind: "full" | "partial" | "none"; amount: number; total: number };

export function refundIfCancelledNow(booking: Pick<Booking, "status" | "totalPrice" | "checkInDate" | "estate">, today: string): RefundPreview {
  if (booking.status !== "paid_waiting_checkin") return { kind: "unpaid" };
  const rule = RULES[booking.estate.cancellationPolicy];
  const total = booking.totalPrice;
  const amount = daysBetween(today, booking.checkInDate) >= rule.fullUntilDays ? total : Math.floor(total * rule.shareAfter);
  return { kind: amount === total ? "full" : amount > 0 ? "partial" : "none", amount, total };
}
