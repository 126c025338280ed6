/**
 * What a guest would get back by cancelling now, shown before they confirm. The rule is the API's
 * own (contract/refunds.ts), so the guest is told before what they will get after.
 */
import type { Booking } from "../../../contract/booking";
import { cleaningFeeOf, guestRefund, refundKind } from "../../../contract/refunds";

export type RefundPreview = { kind: "unpaid" } | { kind: "full" | "partial" | "none"; amount: number; total: number };

export function refundIfCancelledNow(booking: Pick<Booking, "status" | "totalPrice" | "checkInDate" | "estate"> & Partial<Pick<Booking, "price">>, today: string): RefundPreview {
  if (booking.status !== "paid_waiting_checkin") return { kind: "unpaid" };
  const total = booking.totalPrice;
  const amount = guestRefund(booking.estate.cancellationPolicy, total, booking.checkInDate, today, cleaningFeeOf(booking));
  return { kind: refundKind(amount, total), amount, total };
}
