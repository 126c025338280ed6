import { RATING_BANDS, type SearchFilter } from "../../../contract/estate";
import { dayIndex } from "../../../contract/dates";
import { bookingSpan } from "../../../contract/availability-rules";
import { preparationOf, unpackRules } from "./columns";
import type { SearchIndex } from "./search-index";
import type { LocationTerms } from "./location";

export type StayDates = { checkInDate: string; checkOutDate: string };

export const stayDatesOf = (filter: Pick<SearchFilter, "checkInDate" | "checkOutDate">): StayDates | null =>
  filter.checkInDate && filter.checkOutDate ? { checkInDate: filter.checkInDate, checkOutDate: filter.checkOutDate } : null;

/** A test of one estate, by its slot in the index. */
export type SlotTest = (slot: number) => boolean;


/** First position in `list[low, high)`, ascending, whose value is above `value` (`high` when none). */
function firstAbove(list: Int32Array, low: number, high: number, value: number): number {
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid] <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Per query: the first check-in day and the window's end (day numbers) of each set of rules, asked once. */
type Spans = (rules: number) => { first: number; ends: number };
function spansNow(now = new Date()): Spans {
  const known = new Map<number, { first: number; ends: number }>();
  return (rules) => {
    let span = known.get(rules);
    if (!span) {
      const { firstCheckIn, endsOn } = bookingSpan(unpackRules(rules), now);
      span = { first: dayIndex(firstCheckIn), ends: endsOn === null ? Number.MAX_SAFE_INTEGER : dayIndex(endsOn) };
      known.set(rules, span);
    }
    return span;
  };
}

/**
 * Free on every night of [from, to): it begins on or after the first bookable date and the
 * advance notice, ends within the booking window, no active booking overlaps it (widened by the
 * preparation nights on each side) and no night is blocked (contract/availability-rules.ts).
 * Active bookings of one estate never overlap (the exclusion constraint), so sorted by check-in
 * they are sorted by check-out too, and the first ending after `from` is the only one to check.
 */
function isFree(index: SearchIndex, slot: number, from: number, to: number, spans: Spans): boolean {
  const { bookedFrom, bookedTo, blocked, opensOn, rules } = index.columns;
  // Not bookable yet: the stay begins before the estate's first bookable date.
  if (from < opensOn[slot]) return false;
  const prep = rules[slot] ? preparationOf(rules[slot]) : 0;
  if (rules[slot]) {
    const span = spans(rules[slot]);
    if (from < span.first || to > span.ends) return false;
  }
  const bookings = bookedTo.length[slot];
  if (bookings) {
    const start = bookedTo.start[slot];
    const booking = firstAbove(bookedTo.pool, start, start + bookings, from - prep) - start;
    if (booking < bookings && bookedFrom.pool[bookedFrom.start[slot] + booking] - prep < to) return false;
  }
  const nights = blocked.length[slot];
  if (nights) {
    const start = blocked.start[slot];
    const night = firstAbove(blocked.pool, start, start + nights, from - 1);
    if (night < start + nights && blocked.pool[night] < to) return false;
  }
  return true;
}

/**
 * Whether a listed estate can host the stay. Units are booked, not their complex: a complex is
 * shown while one of its published units is free and big enough (an estate with no published
 * units is tested as a listing of its own; a complex without one is not shown at all, rowTest).
 */
export function stayTest(index: SearchIndex, stay: StayDates, guests: number): SlotTest {
  const from = dayIndex(stay.checkInDate);
  const to = dayIndex(stay.checkOutDate);
  const { capacity } = index.columns;
  const spans = spansNow();
  return (slot) => {
    if (!isFree(index, slot, from, to, spans)) return false;
    const units = index.unitsOf(slot);
    return !units?.length || units.some((unit) => capacity[unit] >= guests && isFree(index, unit, from, to, spans));
  };
}

/**
 * The listed estates matching every term of the place typed as text (for each, a word containing
 * one of its spellings), marked by slot; null when some term matches none.
 */
function textMatches(index: SearchIndex, terms: LocationTerms): Uint8Array | null {
  let matched: Uint8Array | null = null;
  for (const spellings of terms) {
    const marks = new Uint8Array(index.slotCount);
    if (!index.markContaining(spellings, marks)) return null;
    if (matched) for (let slot = 0; slot < marks.length; slot++) matched[slot] &= marks[slot];
    else matched = marks;
  }
  return matched;
}

/**
 * Every field of the guest search filter but the stay, as a test of a listed estate's slot: the
 * place typed as text (its resolved terms) and the estate's own fields; the price range on
 * `perNightOf` when the search has dates. Null when nothing can match.
 */
export function rowTest(index: SearchIndex, filter: SearchFilter, terms: LocationTerms, perNightOf: ((slot: number) => number) | null = null): SlotTest | null {
  const guests = filter.adultCount + filter.childrenCount;
  const { priceFrom, priceTo, bedCount, type, subtype, topRight, leftBottom } = filter;
  const c = index.columns;
  const stars = filter.star.length ? new Set(filter.star) : null;
  const minRating = filter.rate ? RATING_BANDS[filter.rate] : null;
  const instantOnly = filter.isInstantConfirmation === true;
  const box = topRight && leftBottom ? { north: topRight.lat, east: topRight.lng, south: leftBottom.lat, west: leftBottom.lng } : null;
  const parameters = filter.parameters.length ? c.parameters.mask(filter.parameters) : undefined;
  const nutrition = filter.nutrition.length ? c.nutrition.mask(filter.nutrition) : undefined;
  const text = terms.length ? textMatches(index, terms) : undefined;
  // An id no estate has: "all of" cannot hold; "any of" holds through the others.
  if (parameters === null || text === null) return null;
  const nutritionMask = nutrition === null ? c.nutrition.mask(filter.nutrition.filter((id) => id >>> 5 < c.nutrition.stride)) : nutrition;

  return (slot) =>
    index.shown(slot) &&
    (box === null || (c.lat[slot] >= box.south && c.lat[slot] <= box.north && c.lng[slot] >= box.west && c.lng[slot] <= box.east)) &&
    c.capacity[slot] >= guests &&
    (bedCount === null || c.bedCount[slot] >= bedCount) &&
    (type === null || c.typeId[slot] === type) &&
    (subtype === null || c.subtypeId[slot] === subtype) &&
    (stars === null || stars.has(c.star[slot])) &&
    (minRating === null || c.rating[slot] >= minRating) &&
    (!instantOnly || c.instant[slot] === 1) &&
    (parameters === undefined || c.parameters.hasAll(slot, parameters)) &&
    (nutritionMask === undefined || (nutritionMask !== null && c.nutrition.hasAny(slot, nutritionMask))) &&
    (text === undefined || text[slot] === 1) &&
    inPriceRange(perNightOf ? perNightOf(slot) : c.price[slot], priceFrom, priceTo);
}

/** The price filter: with dates, on the stay's total per night (what the card shows, stay-prices.ts); else the nightly price. */
const inPriceRange = (price: number, from: number, to: number) => price >= from && price <= to;
