/**
 * What a stay costs: the one function that turns a listing's prices and the dates and party of a
 * stay into its breakdown (nights by price, the extra-guest fee, the long-stay discount, the
 * cleaning fee, the total). Everything that shows or charges a price for dates reads it: the
 * estate page's quote and the booking form (api/services/stay-quote.ts), the booking, which stores
 * the breakdown when it is made (so a later change of the host's prices never changes it), both
 * sides' booking pages and the receipt (app/components/booking/price-breakdown.tsx), the payment
 * amount (the booking's total), the refund (contract/refunds.ts) and the search's price filter and
 * "cheapest first" sort (api/services/search/, per night of the stay). Decision 0069.
 * Free of zod and of the API's code: the browser imports it. Money is whole som.
 */
import { nightPrice } from "./stay-terms";

/** A listing's prices as the breakdown reads them (`estates` columns; every fee 0 when none). */
export type StayPricing = {
  price: number;
  weekendPrice?: number | null;
  /** Once per stay. */
  cleaningFee: number;
  /** Per night, for each guest above `extraGuestsAbove`. */
  extraGuestFee: number;
  extraGuestsAbove: number;
  /** Percent off the nights (and extra-guest fees) of a stay of WEEKLY_NIGHTS or more. */
  weeklyDiscount: number;
  /** Percent off the nights of a stay of MONTHLY_NIGHTS or more (instead of the weekly one). */
  monthlyDiscount: number;
};

/** A listing without fees or discounts: what every listing was before they existed. */
export const NO_FEES = { cleaningFee: 0, extraGuestFee: 0, extraGuestsAbove: 1, weeklyDiscount: 0, monthlyDiscount: 0 } as const;

export const WEEKLY_NIGHTS = 7;
export const MONTHLY_NIGHTS = 28;
/** The largest discount a host may give: a stay never becomes free by a typo. */
export const DISCOUNT_MAX = 90;

export type StayBreakdown = {
  /** One line per night: its date and price (the host's price for that date, else the weekend price on a weekend night, else the base price). */
  nightly: { date: string; price: number }[];
  /** The nights' prices added up. */
  nightsTotal: number;
  /** The fee for guests above the listing's number, for every night; null when none is due. */
  extraGuests: { guests: number; perNight: number; nights: number; amount: number } | null;
  /** The long-stay discount, off the nights and the extra-guest fees; null when none applies. */
  discount: { kind: "weekly" | "monthly"; percent: number; amount: number } | null;
  /** Once per stay; 0 when the host charges none. */
  cleaningFee: number;
  total: number;
};

/** The discount a stay of `nights` gets: the monthly one from 28 nights when set, else the weekly one from 7. */
export function discountFor(pricing: Pick<StayPricing, "weeklyDiscount" | "monthlyDiscount">, nights: number): { kind: "weekly" | "monthly"; percent: number } | null {
  if (nights >= MONTHLY_NIGHTS && pricing.monthlyDiscount > 0) return { kind: "monthly", percent: pricing.monthlyDiscount };
  if (nights >= WEEKLY_NIGHTS && pricing.weeklyDiscount > 0) return { kind: "weekly", percent: pricing.weeklyDiscount };
  return null;
}

/**
 * The breakdown of a stay on `dates` (each night's date, in order) for `guests` people.
 * `datePrices` are the host's prices for particular dates (the host calendar). The discount is
 * rounded down to the som (the guest never pays a fraction), and it does not touch the cleaning
 * fee, which costs the host the same however long the stay.
 */
export function stayBreakdown(pricing: StayPricing, dates: readonly string[], guests: number, datePrices?: ReadonlyMap<string, number>): StayBreakdown {
  const nightly = dates.map((date) => ({ date, price: nightPrice(date, pricing, datePrices?.get(date)) }));
  const nightsTotal = nightly.reduce((sum, n) => sum + n.price, 0);
  return { nightly, nightsTotal, ...feesOfStay(pricing, nightsTotal, dates.length, guests) };
}

/**
 * The part of the breakdown after the nights: from the nights' total, how many there are and the
 * party. `stayBreakdown` is this after pricing each night; the search index calls it directly with
 * the nights' total it adds up from its own columns, so the card's figure and the sort agree.
 */
export function feesOfStay(pricing: Omit<StayPricing, "price" | "weekendPrice">, nightsTotal: number, nights: number, guests: number): Omit<StayBreakdown, "nightly" | "nightsTotal"> {
  const extra = Math.max(0, guests - pricing.extraGuestsAbove);
  const extraGuests =
    pricing.extraGuestFee > 0 && extra > 0 && nights > 0
      ? { guests: extra, perNight: pricing.extraGuestFee * extra, nights, amount: pricing.extraGuestFee * extra * nights }
      : null;
  const base = nightsTotal + (extraGuests?.amount ?? 0);
  const rule = discountFor(pricing, nights);
  const discount = rule ? { ...rule, amount: Math.floor((base * rule.percent) / 100) } : null;
  const cleaningFee = nights > 0 ? pricing.cleaningFee : 0;
  return { extraGuests, discount, cleaningFee, total: base - (discount?.amount ?? 0) + cleaningFee };
}

/**
 * What a search card shows and the price filter and sort read for a stay: the total per night,
 * rounded to the som. Without dates a card shows the nightly price.
 */
export const perNight = (total: number, nights: number) => (nights > 0 ? Math.round(total / nights) : total);

/** The breakdown of a booking made before fees existed: its frozen nights and total, nothing else. */
export const nightsOnly = (nightly: { date: string; price: number }[], total: number): StayBreakdown => ({
  nightly,
  nightsTotal: nightly.reduce((sum, n) => sum + n.price, 0),
  extraGuests: null,
  discount: null,
  cleaningFee: 0,
  total,
});
