/**
 * What a stay costs at each estate of the search index: the figure the search's price filter and
 * its price sorts read when the guest gave dates, the same the card shows (issue 27: "sort by
 * what the card shows"). The nights are added up from the index's own columns by the rule of
 * `nightPrice` (contract/stay-terms.ts), and the fees and discount come from `feesOfStay`
 * (contract/stay-price.ts), the function every breakdown is made with: no query per card.
 */
import { feesOfStay, perNight } from "../../../contract/stay-price";
import { WEEKEND_NIGHT_DAYS } from "../../../contract/stay-terms";
import { dayIndex } from "../../../contract/dates";
import type { StayDates } from "./conditions";
import type { SearchIndex } from "./search-index";

/** Whether a day index (contract/dates.ts `dayIndex`; day 0, 1970-01-01, was a Thursday) is a weekend night. */
const isWeekendDay = (day: number) => WEEKEND_NIGHT_DAYS.includes((((day + 4) % 7) + 7) % 7);

export type StayFigures = {
  nights: number;
  /** The stay's total at a slot, in som. */
  total: (slot: number) => number;
  /** The total per night, as the price filter compares it with its bounds. */
  perNight: (slot: number) => number;
};

/** The stay's price at each slot for a party of `guests`, computed when asked. */
export function stayFigures(index: SearchIndex, stay: StayDates, guests: number): StayFigures {
  const from = dayIndex(stay.checkInDate);
  const to = dayIndex(stay.checkOutDate);
  const nights = to - from;
  const weekend = new Uint8Array(nights);
  let weekendNights = 0;
  for (let d = 0; d < nights; d++) if (isWeekendDay(from + d)) weekendNights += weekend[d] = 1;
  const c = index.columns;

  const total = (slot: number) => {
    const price = c.price[slot];
    const weekendPrice = c.weekendPrice[slot] || price;
    let nightsTotal = price * (nights - weekendNights) + weekendPrice * weekendNights;
    // A host's price for a date replaces that night's price.
    const dated = c.priceDays.length[slot];
    if (dated) {
      const start = c.priceDays.start[slot];
      const values = c.priceValues.start[slot];
      const days = c.priceDays.pool;
      for (let i = firstAtLeast(days, start, start + dated, from); i < start + dated && days[i] < to; i++) {
        nightsTotal += c.priceValues.pool[values + (i - start)] - (weekend[days[i] - from] ? weekendPrice : price);
      }
    }
    const fees = {
      cleaningFee: c.cleaningFee[slot],
      extraGuestFee: c.extraGuestFee[slot],
      extraGuestsAbove: c.extraGuestsAbove[slot],
      weeklyDiscount: c.weeklyDiscount[slot],
      monthlyDiscount: c.monthlyDiscount[slot],
    };
    return feesOfStay(fees, nightsTotal, nights, guests).total;
  };
  return { nights, total, perNight: (slot) => perNight(total(slot), nights) };
}

/** First position in `list[low, high)`, ascending, whose value is at least `value`. */
function firstAtLeast(list: Int32Array, low: number, high: number, value: number): number {
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
