import type { StayQuote } from "../../contract/estate";
import { bookingSpan, NO_RULES, withinSpan, type AvailabilityRules } from "../../contract/availability-rules";
import { stayBreakdown, type StayPricing } from "../../contract/stay-price";
import { datesUntil } from "../../contract/dates";
import type { Calendar } from "./calendar";
import type { StayDates } from "./search/conditions";

export type Bookable = StayPricing & {
  /** Friday's and Saturday's nights cost this when set (decision 0037). */
  weekendPrice: number | null;
  /** The first date the estate can be booked (the wizard's "start" step); null when open already. */
  availableFrom: string | null;
  minNights: number;
  maxNights: number;
  capacity: number;
} & Partial<AvailabilityRules>;
export type StayRequest = StayDates & { adultCount: number; childrenCount: number };

/**
 * The price of the stay (its breakdown: contract/stay-price.ts) and whether it can be booked. Taken dates are reported before
 * stay-length and party-size rules: a guest must pick other dates whatever the other answers are.
 */
export function quoteStay(estate: Bookable, request: StayRequest, calendar: Calendar, now = new Date()): StayQuote {
  const nights = datesUntil(request.checkInDate, request.checkOutDate);
  // A host may ask for a longer stay when it begins on certain dates (the calendar's minimum stay).
  const minNights = minNightsFor(estate, request.checkInDate, calendar);
  const breakdown = stayBreakdown(estate, nights, request.adultCount + request.childrenCount, calendar.prices);
  const reason: StayQuote["reason"] = nights.some((d) => calendar.booked.has(d))
    ? "booked"
    : nights.some((d) => calendar.blocked.has(d)) || isBeforeStart(estate, request.checkInDate) || outsideRules(estate, request, now) !== null
      ? "blocked"
      : nights.length < minNights
        ? "min_nights"
        : nights.length > estate.maxNights
          ? "max_nights"
          : request.adultCount + request.childrenCount > estate.capacity
            ? "capacity"
            : null;
  return {
    checkInDate: request.checkInDate,
    checkOutDate: request.checkOutDate,
    nights: nights.length,
    nightly: breakdown.nightly,
    total: breakdown.total,
    breakdown,
    available: reason === null,
    reason,
    minNights,
    minNightsForDate: calendar.minNights?.get(request.checkInDate) !== undefined,
  };
}

/** Which availability rule (advance notice, booking window) a stay breaks, if any. */
export const outsideRules = (estate: Partial<AvailabilityRules>, stay: StayDates, now = new Date()) =>
  withinSpan(bookingSpan({ ...NO_RULES, ...definedOf(estate) }, now), stay.checkInDate, stay.checkOutDate);
const definedOf = (r: Partial<AvailabilityRules>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Partial<AvailabilityRules>;

/** Whether a stay beginning on `checkInDate` begins before the estate's first bookable date (such nights read as closed). */
export const isBeforeStart = (estate: Pick<Bookable, "availableFrom">, checkInDate: string) => estate.availableFrom !== null && checkInDate < estate.availableFrom;

/** The minimum stay for a stay beginning on `checkInDate`: the host's for that date, else the estate's. */
export const minNightsFor = (estate: Pick<Bookable, "minNights">, checkInDate: string, calendar: Pick<Calendar, "minNights">) =>
  calendar.minNights?.get(checkInDate) ?? estate.minNights;
