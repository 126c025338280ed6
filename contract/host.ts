/**
 * The host's tools: bookings of their objects (tabs, payout), the calendar (nights booked, blocked,
 * priced) and earnings. Shared by api/routes/v1/host-*.ts and the /host/… screens.
 */
import type { HostPayouts } from "./payouts";
import { z } from "zod";
import type { GuestRecord } from "./reviews";
import type { Booking } from "./booking";
import { HOST_BOOKING_TAB_IDS, type HostBookingTab } from "./booking-statuses";
import { isoDateSchema } from "./common";
import { TIME_SLOTS, type TimeSlot } from "./stay-terms";
import { msg } from "./message-key";
import { availabilityRulesSchema, type AvailabilityRules } from "./availability-rules";
import type { EstateStatus } from "./estate-statuses";

/** POST /api/v1/host/calendar/rules: the object's availability rules (contract/availability-rules.ts). */
export const availabilityRulesChangeSchema = availabilityRulesSchema.extend({ estateId: z.coerce.number().int().positive().max(2_147_483_647) });

export { HOST_BOOKING_TABS, HOST_BOOKING_TAB_IDS, type HostBookingTab } from "./booking-statuses";

/** SPEC: 16 bookings a page. */
export const HOST_BOOKINGS_PER_PAGE = 16;

export const hostBookingListQuerySchema = z.object({
  tab: z.enum(HOST_BOOKING_TAB_IDS as [HostBookingTab, ...HostBookingTab[]]).default("requests"),
  estateId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(HOST_BOOKINGS_PER_PAGE),
});

/** A booking as its host sees it: what the guest paid, Konok's commission and the host's payout. */
export type HostBooking = Booking & {
  arrivalSlot: TimeSlot | null;
  commissionPercent: number;
  commission: number;
  payout: number;
  /** The guest's verified phone, only once the booking is paid. */
  guestPhone: string | null;
  /** The guest's rating and latest reviews from hosts (GET /api/v1/host/booking/{id} only; null in lists). */
  guestRecord: GuestRecord | null;
};

export type HostBookingCounts = Record<HostBookingTab, number>;
export type HostBookingList = { items: HostBooking[]; page: number; perPage: number; total: number; hasMore: boolean; counts: HostBookingCounts };

/** The host's objects, for the calendar's and the bookings' object select. */
export type HostEstateOption = { id: number; title: string; price: number; status: EstateStatus };

/** A calendar is read for at most a little over a year at once. */
export const CALENDAR_MAX_DAYS = 400;

export const hostCalendarQuerySchema = z
  .object({ estateId: z.coerce.number().int().positive().max(2_147_483_647), from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.to >= q.from, { message: msg("endBeforeStart"), path: ["to"] });

export type CalendarNight = {
  date: string;
  state: "booked" | "blocked" | "free";
  /** The night's price: the host's price for the date, or the estate's. */
  price: number;
  /** Whether `price` is a per-date price the host set. */
  custom: boolean;
  /** Minimum stay for stays beginning this night, where the host set one. */
  minNights: number | null;
  booking: { id: number; guestName: string; status: string } | null;
  /** For a blocked night: the imported calendar it comes from (contract/calendar-sync.ts), null when the host blocked it. */
  source: string | null;
  /** For a booked night: the imported calendar that also has it taken, a double booking to settle. */
  conflict: string | null;
};
export type HostCalendar = { estateId: number; from: string; to: string; basePrice: number; nights: CalendarNight[]; rules: AvailabilityRules };

/** A change to the nights `from` through `to` (both included). */
export const calendarChangeSchema = z
  .object({
    estateId: z.coerce.number().int().positive().max(2_147_483_647),
    from: isoDateSchema,
    to: isoDateSchema,
    action: z.enum(["block", "unblock", "price"]),
    /** For "price": the nightly price in som; empty clears the range back to the estate's price. */
    price: z.coerce.number().int().min(100).max(10_000_000).optional(),
    /** For "price": optional minimum stay for stays beginning in the range; empty clears it. */
    minNights: z.coerce.number().int().min(1).max(365).optional(),
  })
  .refine((q) => q.to >= q.from, { message: msg("endBeforeStart"), path: ["to"] });
export type CalendarChange = z.infer<typeof calendarChangeSchema>;

/** One booking's money as its host sees it. */
export type EarningItem = {
  bookingId: number;
  estateTitle: string;
  checkInDate: string;
  checkOutDate: string;
  status: string;
  paid: number;
  commissionPercent: number;
  commission: number;
  payout: number;
  refunded: number;
};
export type EarningMonth = { month: string; paid: number; commission: number; payout: number; refunded: number; bookings: number };
/** `payouts`: what the payout ledger says is pending, payable and paid (contract/payouts.ts). */
export type HostEarnings = { months: EarningMonth[]; items: EarningItem[]; totals: Omit<EarningMonth, "month">; payouts: HostPayouts };

export const arrivalSlotSchema = z.enum(TIME_SLOTS);
