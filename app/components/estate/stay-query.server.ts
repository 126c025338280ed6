/**
 * The estate page's query (SPEC date mask yyyy-mm-dd): the stay the guest asks about, the calendar
 * month and the reviews page. Bad values never break the page: they come back as error codes shown
 * next to the fields, with what the guest typed kept.
 */
import { SEARCH_DEFAULTS } from "../../../contract/estate";
import { daysBetween, isIsoDate, isMonth, shiftMonth } from "../../../contract/dates";
import { CALENDAR_MONTHS_AHEAD, MAX_ADULTS, MAX_CHILDREN, MAX_STAY_NIGHTS } from "./stay-limits";

export { CALENDAR_MONTHS_AHEAD, MAX_ADULTS, MAX_CHILDREN, MAX_STAY_NIGHTS };

export type StayField = "checkInDate" | "checkOutDate" | "adultCount" | "childrenCount";
export type StayErrorCode =
  | "invalidDate"
  | "pastDate"
  | "checkOutBeforeCheckIn"
  | "missingCheckIn"
  | "tooLong"
  | "adultsRange"
  | "childrenRange";

export type StayRequest = { checkInDate: string; checkOutDate: string; adultCount: number; childrenCount: number };

export type StayQuery = {
  /** Exactly what was in the URL, so the form shows it back. */
  values: Record<StayField, string>;
  errors: Partial<Record<StayField, StayErrorCode>>;
  /** A check-in without a check-out (picked on the calendar): not an error, the next step. */
  awaitingCheckOut: boolean;
  adultCount: number;
  childrenCount: number;
  /** Set when both dates and the party are valid: the stay to quote. */
  stay: StayRequest | null;
};

function count(raw: string, fallback: number, min: number, max: number): number | null {
  if (raw === "") return fallback;
  if (!/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

export function parseStayQuery(search: URLSearchParams, today: string): StayQuery {
  const get = (key: StayField) => (search.get(key) ?? "").trim();
  const values = { checkInDate: get("checkInDate"), checkOutDate: get("checkOutDate"), adultCount: get("adultCount"), childrenCount: get("childrenCount") };
  const errors: StayQuery["errors"] = {};
  const { checkInDate: checkIn, checkOutDate: checkOut } = values;

  if (checkIn && !isIsoDate(checkIn)) errors.checkInDate = "invalidDate";
  else if (checkIn && checkIn < today) errors.checkInDate = "pastDate";
  if (checkOut && !isIsoDate(checkOut)) errors.checkOutDate = "invalidDate";
  else if (checkOut && checkOut <= today && !checkIn) errors.checkOutDate = "pastDate";

  if (!errors.checkInDate && !errors.checkOutDate) {
    if (checkOut && !checkIn) errors.checkInDate = "missingCheckIn";
    else if (checkIn && checkOut) {
      const nights = daysBetween(checkIn, checkOut);
      if (nights <= 0) errors.checkOutDate = "checkOutBeforeCheckIn";
      else if (nights > MAX_STAY_NIGHTS) errors.checkOutDate = "tooLong";
    }
  }

  const adultCount = count(values.adultCount, SEARCH_DEFAULTS.adultCount, 1, MAX_ADULTS);
  const childrenCount = count(values.childrenCount, SEARCH_DEFAULTS.childrenCount, 0, MAX_CHILDREN);
  if (adultCount === null) errors.adultCount = "adultsRange";
  if (childrenCount === null) errors.childrenCount = "childrenRange";

  const valid = Object.keys(errors).length === 0;
  return {
    values,
    errors,
    awaitingCheckOut: valid && Boolean(checkIn) && !checkOut,
    adultCount: adultCount ?? SEARCH_DEFAULTS.adultCount,
    childrenCount: childrenCount ?? SEARCH_DEFAULTS.childrenCount,
    stay:
      valid && checkIn && checkOut
        ? { checkInDate: checkIn, checkOutDate: checkOut, adultCount: adultCount ?? SEARCH_DEFAULTS.adultCount, childrenCount: childrenCount ?? SEARCH_DEFAULTS.childrenCount }
        : null,
  };
}

/**
 * The first month the calendar shows: `?month=yyyy-mm` when given, else the check-in's month,
 * else this month; never before this month nor past the paging limit.
 */
export function calendarMonth(param: string | null, today: string, checkIn: string | null): string {
  const current = today.slice(0, 7);
  const last = shiftMonth(current, CALENDAR_MONTHS_AHEAD - 1);
  const wanted = param && isMonth(param) ? param : checkIn && isIsoDate(checkIn) ? checkIn.slice(0, 7) : current;
  return wanted < current ? current : wanted > last ? last : wanted;
}

/** `?reviewsPage=n`, 1 when missing or nonsense. */
export function reviewsPageOf(param: string | null): number {
  const n = param && /^\d{1,4}$/.test(param) ? Number(param) : 1;
  return n >= 1 ? n : 1;
}
