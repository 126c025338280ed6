import { sql, type SQL } from "drizzle-orm";
import { RATING_BANDS, type SearchFilter } from "../../contract/estate";
import { intArray } from "../lib/sql";
import { listedToGuests } from "./estate-lookup";
import { matchesLocation, type LocationTerms } from "./search-location";

export type StayDates = { checkInDate: string; checkOutDate: string };

export const stayDatesOf = (filter: Pick<SearchFilter, "checkInDate" | "checkOutDate">): StayDates | null =>
  filter.checkInDate && filter.checkOutDate ? { checkInDate: filter.checkInDate, checkOutDate: filter.checkOutDate } : null;

/**
 * The estate (alias `a`) is free on every night of the stay: no active booking overlaps
 * [check-in, check-out) and no night is blocked. The booking test is the exclusion constraint's
 * own, so its gist index (estate_id, date range; partial, WHERE active) answers it however long
 * an estate's booking history grows. OFFSET 0 keeps both tests per estate (two index probes):
 * left to itself the planner may turn them into anti-joins that hash every booking of those dates
 * in the country (43 000 for two weeks in December at 100k estates, 150 ms), where the search
 * only tests the few estates its other conditions leave.
 */
export const isFreeFor = (a: SQL, stay: StayDates) => sql`
  NOT EXISTS (
    SELECT 1 FROM bookings b
    WHERE b.estate_id = ${a}.id AND b.active
      AND daterange(b.check_in, b.check_out) && daterange(${stay.checkInDate}::date, ${stay.checkOutDate}::date)
    OFFSET 0)
  AND NOT EXISTS (
    SELECT 1 FROM estate_blocked_dates bd
    WHERE bd.estate_id = ${a}.id AND bd.date >= ${stay.checkInDate}::date AND bd.date < ${stay.checkOutDate}::date
    OFFSET 0)`;

/**
 * Units are booked, not their complex: a complex is shown while one of its published units is
 * free for the stay and big enough. OFFSET 0 keeps both subqueries per row (an index probe on
 * parent_id, and for a complex a probe per unit): without it the planner hashes the set of every
 * free unit in the country, reading every booking of those dates (64 ms at 100k estates).
 */
const complexHasFreeUnit = (stay: StayDates, guests: number) => sql`
  (NOT EXISTS (SELECT 1 FROM estates u WHERE u.parent_id = e.id AND u.status = 'published' OFFSET 0)
   OR EXISTS (
     SELECT 1 FROM estates u
     WHERE u.parent_id = e.id AND u.status = 'published' AND u.capacity >= ${guests} AND ${isFreeFor(sql.raw("u"), stay)}
     OFFSET 0))`;

export const priceRange = (filter: Pick<SearchFilter, "priceFrom" | "priceTo">) =>
  sql`e.price BETWEEN ${filter.priceFrom} AND ${filter.priceTo}`;

/** The search conditions over `estates e`, in two parts; `stay` is null without dates. */
export type SearchConditionParts = {
  /** Columns of the estate row itself: each one cheap, several served by an index. */
  rows: SQL;
  /** Free for the stay: subqueries per estate, so best tested on few rows. */
  stay: SQL | null;
};

/**
 * Every field of the guest search filter as SQL over `estates e`. The location text comes as the
 * terms `resolveLocation` made of it (null: it matches nothing).
 */
export function searchConditionParts(filter: SearchFilter, location: LocationTerms | null): SearchConditionParts {
  const guests = filter.adultCount + filter.childrenCount;
  const conditions: SQL[] = [listedToGuests, sql`e.capacity >= ${guests}`, priceRange(filter)];
  if (filter.location) conditions.push(matchesLocation(location));
  if (filter.bedCount !== null) conditions.push(sql`e.bed_count >= ${filter.bedCount}`);
  if (filter.type !== null) conditions.push(sql`e.type_id = ${filter.type}`);
  if (filter.subtype !== null) conditions.push(sql`e.subtype_id = ${filter.subtype}`);
  if (filter.star.length) conditions.push(sql`e.star = ANY(${intArray(filter.star)})`);
  if (filter.rate) conditions.push(sql`e.rating >= ${RATING_BANDS[filter.rate]}`);
  if (filter.parameters.length) conditions.push(sql`e.parameter_ids @> ${intArray(filter.parameters)}`);
  if (filter.nutrition.length) conditions.push(sql`e.nutrition_ids && ${intArray(filter.nutrition)}`);
  if (filter.isInstantConfirmation) conditions.push(sql`e.is_instant_confirmation`);
  if (filter.topRight && filter.leftBottom) {
    conditions.push(sql`e.lat BETWEEN ${filter.leftBottom.lat} AND ${filter.topRight.lat}`);
    conditions.push(sql`e.lng BETWEEN ${filter.leftBottom.lng} AND ${filter.topRight.lng}`);
  }
  const stay = stayDatesOf(filter);
  return {
    rows: sql.join(conditions, sql` AND `),
    stay: stay ? sql`${isFreeFor(sql.raw("e"), stay)} AND ${complexHasFreeUnit(stay, guests)}` : null,
  };
}

/** All the search conditions over `estates e` as one. */
export function searchConditions(filter: SearchFilter, location: LocationTerms | null): SQL {
  const { rows, stay } = searchConditionParts(filter, location);
  return stay ? sql`${rows} AND ${stay}` : rows;
}
