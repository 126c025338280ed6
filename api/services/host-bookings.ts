/** A booking as its host sees it: the guest's booking plus the money and the arrival slot. */
import { inArray } from "drizzle-orm";
import type { Locale } from "../../contract/common";
import type { HostBooking } from "../../contract/host";
import { hostPayout, type TimeSlot } from "../../contract/stay-terms";
import { isPaidStatus } from "../../contract/booking-statuses";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { presentBookings, type BookingRow } from "./booking/bookings";
import { guestRecord } from "./reviews";

/** One booking, with what the host needs to decide on a request: the guest's reviews from earlier hosts. */
export async function presentHostBooking(db: Db, booking: BookingRow, hostId: number, view: { locale: Locale; uploadsUrl: string }): Promise<HostBooking> {
  const [[presented], record] = await Promise.all([presentHostBookings(db, [booking], hostId, view), booking.guestId ? guestRecord(db, booking.guestId, 5) : null]);
  return { ...presented, guestRecord: record };
}

/** A page of the host's bookings in a fixed number of queries (see `presentBookings`). */
export async function presentHostBookings(db: Db, rows: BookingRow[], hostId: number, view: { locale: Locale; uploadsUrl: string }): Promise<HostBooking[]> {
  const phoneOwners = [...new Set(rows.flatMap((b) => (isPaidStatus(b.status) && b.guestId ? [b.guestId] : [])))];
  const [bases, phones] = await Promise.all([
    presentBookings(db, rows, hostId, view),
    phoneOwners.length ? db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, phoneOwners)) : Promise.resolve([]),
  ]);
  const phoneById = new Map(phones.map((p) => [p.id, p.phone]));
  return rows.map((booking, i) => {
    const { commission, payout } = hostPayout(booking.totalPrice, booking.commissionPercent);
    return {
      ...bases[i],
      arrivalSlot: (booking.arrivalSlot as TimeSlot | null) ?? null,
      commissionPercent: booking.commissionPercent,
      commission,
      payout,
      // Once the guest has paid, the host may call them; before that the phone stays private.
      guestPhone: isPaidStatus(booking.status) && booking.guestId ? (phoneById.get(booking.guestId) ?? null) : null,
      // Read for one booking only (`presentHostBooking`): a list does not show it.
      guestRecord: null,
    };
  });
}
