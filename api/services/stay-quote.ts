import type { StayQuote } from "../../contract/estate";
import { datesUntil } from "../lib/dates";
import type { Calendar } from "./calendar";
import type { StayDates } from "./search/conditions";

export type Bookable = { price: number; minNights: number; maxNights: number; capacity: number };
export type StayRequest = StayDates & { adultCount: number; childrenCount: number };

/**
 * The price of each night and whether the stay can be booked. Taken dates are reported before
 * stay-length and party-size rules: a guest must pick other dates whatever the other answers are.
 */
export function quoteStay(estate: Bookable, request: StayRequest, calendar: Calendar): StayQuote {
  const nights = datesUntil(request.checkInDate, request.checkOutDate);
  const nightly = nights.map((date) => ({ date, price: calendar.prices.get(date) ?? estate.price }));
  const reason: StayQuote["reason"] = nights.some((d) => calendar.booked.has(d))
    ? "booked"
    : nights.some((d) => calendar.blocked.has(d))
      ? "blocked"
      : nights.length < estate.minNights
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
    nightly,
    total: nightly.reduce((sum, night) => sum + night.price, 0),
    available: reason === null,
    reason,
  };
}
