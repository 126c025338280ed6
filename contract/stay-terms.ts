/**
 * Terms a host sets on a listing and a booking carries: the arrival time slots of SPEC section 3,
 * the check-in and check-out windows built from their hours, and the cooperation formats (the
 * commission Konok keeps). Free of zod: the browser imports it. The listing wizard (house_rules,
 * cooperation_format), the guest's booking form (arrival slot) and the host's booking and earnings
 * screens all read this one module.
 */
import { weekdayOf } from "./dates";

/** SPEC section 3: morning 06:00–11:00, afternoon 12:00–17:00, evening 18:00–21:00, night 22:00–05:00. */
export const TIME_SLOTS = ["morning", "afternoon", "evening", "night"] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

/** The whole hours of each slot, in the order of a day that starts at 06:00 ("24:00" is midnight). */
export const SLOT_HOURS: Record<TimeSlot, readonly string[]> = {
  morning: ["06:00", "07:00", "08:00", "09:00", "10:00", "11:00"],
  afternoon: ["12:00", "13:00", "14:00", "15:00", "16:00", "17:00"],
  evening: ["18:00", "19:00", "20:00", "21:00"],
  night: ["22:00", "23:00", "24:00", "01:00", "02:00", "03:00", "04:00", "05:00"],
};

/** Every hour a window may start or end at, from 06:00 through the night to 05:00. */
export const DAY_HOURS: readonly string[] = TIME_SLOTS.flatMap((slot) => SLOT_HOURS[slot]);

export const isDayHour = (value: unknown): value is string => typeof value === "string" && DAY_HOURS.includes(value);

/** Position of an hour in the day that starts at 06:00 (so 01:00 comes after 24:00); -1 if unknown. */
export const dayHourIndex = (hour: string) => DAY_HOURS.indexOf(hour);

export const slotOfHour = (hour: string): TimeSlot | null => TIME_SLOTS.find((slot) => SLOT_HOURS[slot].includes(hour)) ?? null;

/**
 * The slots a guest may arrive in for a check-in window `from`–`until` (both hours of DAY_HOURS,
 * `until` not before `from` in the day's order): every slot with at least one hour in the window.
 */
export function slotsInWindow(from: string, until: string): TimeSlot[] {
  const start = dayHourIndex(from);
  const end = dayHourIndex(until);
  if (start < 0 || end < start) return [];
  const hours = DAY_HOURS.slice(start, end + 1);
  return TIME_SLOTS.filter((slot) => SLOT_HOURS[slot].some((hour) => hours.includes(hour)));
}

/** Defaults of a listing that never set its windows (and of the seeded estates). */
export const DEFAULT_CHECK_IN_FROM = "14:00";
export const DEFAULT_CHECK_IN_UNTIL = "22:00";
export const DEFAULT_CHECK_OUT_FROM = "07:00";
export const DEFAULT_CHECK_OUT_UNTIL = "12:00";

/**
 * The commission schemes a host agrees to (the wizard's cooperation_format step). A booking
 * freezes its estate's percentage when it is made (`bookings.commission_percent`), so changing the
 * format later never changes what an existing booking pays out.
 */
export const COOPERATION_FORMATS = {
  /** Konok keeps 12%; the payout is sent the day after the guest checks in. */
  standard: { commissionPercent: 12, payout: "after_check_in" },
  /** Konok keeps 15%; the payout is sent as soon as the guest has paid. */
  early_payout: { commissionPercent: 15, payout: "after_payment" },
} as const;
export type CooperationFormat = keyof typeof COOPERATION_FORMATS;
export const COOPERATION_FORMAT_IDS = Object.keys(COOPERATION_FORMATS) as CooperationFormat[];
export const DEFAULT_COOPERATION_FORMAT: CooperationFormat = "standard";

/** What the host receives from a booking's total: the total less the commission, rounded down to a whole som. */
export function hostPayout(total: number, commissionPercent: number): { commission: number; payout: number } {
  const commission = Math.ceil((total * commissionPercent) / 100);
  return { commission, payout: total - commission };
}

/**
 * Weekend nights: the nights of Friday and Saturday (the night begins on that date), when a stay
 * costs the listing's weekend price if the host set one. Decision 0037.
 */
export const WEEKEND_NIGHT_DAYS: readonly number[] = [5, 6];
/** Whether the night beginning on `date` (yyyy-mm-dd) is a weekend night. */
export const isWeekendNight = (date: string) => WEEKEND_NIGHT_DAYS.includes(weekdayOf(date));

/** A night's price: the host's price for that date, else the weekend price on a weekend night, else the base price. */
export function nightPrice(date: string, estate: { price: number; weekendPrice?: number | null }, datePrice?: number): number {
  if (datePrice !== undefined) return datePrice;
  return estate.weekendPrice && isWeekendNight(date) ? estate.weekendPrice : estate.price;
}
