/** A booking as its host sees it: the guest's booking plus the money and the arrival slot. */
import { eq } from "drizzle-orm";
import type { Locale } from "../../contract/common";
import type { HostBooking } from "../../contract/host";
import { hostPayout, type TimeSlot } from "../../contract/stay-terms";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { presentBooking, type BookingRow } from "./booking/bookings";

/** Once the guest has paid, the host may call them; before that the phone stays private. */
const PHONE_VISIBLE = new Set(["paid_waiting_checkin", "paid_occupied", "completed_no_review", "completed_with_review"]);

export async function presentHostBooking(db: Db, booking: BookingRow, hostId: number, view: { locale: Locale; uploadsUrl: string }): Promise<HostBooking> {
  const [base, phone] = await Promise.all([
    presentBooking(db, booking, hostId, view),
    PHONE_VISIBLE.has(booking.status) && booking.guestId
      ? db.select({ phone: users.phone }).from(users).where(eq(users.id, booking.guestId)).then((r) => r[0]?.phone ?? null)
      : Promise.resolve(null),
  ]);
  const { commission, payout } = hostPayout(booking.totalPrice, booking.commissionPercent);
  return {
    ...base,
    arrivalSlot: (booking.arrivalSlot as TimeSlot | null) ?? null,
    commissionPercent: booking.commissionPercent,
    commission,
    payout,
    guestPhone: phone,
  };
}
