/**
 * A host's availability rules (issue 32): advance notice (same day until an hour, or 1–7 days),
 * preparation time (0–2 nights kept free before and after each stay) and a booking window (3, 6,
 * 9 or 12 months ahead, or any). This is the one place that says what they mean; the search
 * index, the estate calendar, the stay quote and booking validation all ask `bookingSpan` and
 * `preparationAround`.
 */
import { z } from "zod";
import { addDays, addMonths, bishkekNow } from "./dates";

export const ADVANCE_NOTICE_DAYS = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const PREPARATION_NIGHTS = [0, 1, 2] as const;
export const BOOKING_WINDOW_MONTHS = [3, 6, 9, 12] as const;

export type AvailabilityRules = {
  /** 0: guests may arrive the same day (until `sameDayUntilHour` when set); n: at least n days ahead. */
  advanceNoticeDays: number;
  /** With same-day arrivals: the hour (Asia/Bishkek, 0–23) after which today can no longer be booked. */
  sameDayUntilHour: number | null;
  /** Nights kept free before and after every stay. */
  preparationNights: number;
  /** How far ahead a stay may reach, in months; null: any (the booking limit of 500 days). */
  bookingWindowMonths: number | null;
};

export const NO_RULES: AvailabilityRules = { advanceNoticeDays: 0, sameDayUntilHour: null, preparationNights: 0, bookingWindowMonths: null };




/**
 * The dates a stay may use under the rules: it may begin on `firstCheckIn` or later, and its
 * nights must end before `endsOn` (check-out on `endsOn` at the latest); null: no window.
 */
export function bookingSpan(rules: AvailabilityRules, now = new Date()): { firstCheckIn: string; endsOn: string | null } {
  const { today, hour } = bishkekNow(now);
  const sameDayClosed = rules.advanceNoticeDays === 0 && rules.sameDayUntilHour !== null && hour >= rules.sameDayUntilHour;
  const firstCheckIn = addDays(today, rules.advanceNoticeDays || (sameDayClosed ? 1 : 0));
  return { firstCheckIn, endsOn: rules.bookingWindowMonths ? addMonths(today, rules.bookingWindowMonths) : null };
}

/** Whether a stay fits the span: begins no earlier than allowed, ends within the window. */
export function withinSpan(span: { firstCheckIn: string; endsOn: string | null }, checkInDate: string, checkOutDate: string): "advance_notice" | "booking_window" | null {
  if (checkInDate < span.firstCheckIn) return "advance_notice";
  if (span.endsOn !== null && checkOutDate > span.endsOn) return "booking_window";
  return null;
}

/**
 * The nights a booking [checkIn, checkOut) keeps from other guests: its own and `preparation`
 * nights on each side, as [from, to).
 */
export const preparationAround = (checkIn: string, checkOut: string, preparation: number) => ({ from: addDays(checkIn, -preparation), to: addDays(checkOut, preparation) });

export const availabilityRulesSchema = z.object({
  advanceNoticeDays: z.coerce.number().int().min(0).max(7),
  sameDayUntilHour: z.preprocess((v) => (v === "" || v === undefined ? null : v), z.coerce.number().int().min(1).max(23).nullable()),
  preparationNights: z.coerce.number().int().min(0).max(2),
  bookingWindowMonths: z.preprocess((v) => (v === "" || v === undefined || v === "0" || v === 0 ? null : v), z.coerce.number().int().refine((n) => (BOOKING_WINDOW_MONTHS as readonly number[]).includes(n)).nullable()),
});
