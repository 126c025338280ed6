import { describe, expect, it } from "vitest";
import { discountFor, NO_FEES, nightsOnly, perNight, stayBreakdown, type StayPricing } from "../../contract/stay-price";
import { guestRefund } from "../../contract/refunds";

/** Every night from `from` for `n` nights (2027-01-01 is a Friday). */
const nights = (from: string, n: number) => Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

const pricing: StayPricing = { price: 3000, weekendPrice: 4000, cleaningFee: 1500, extraGuestFee: 500, extraGuestsAbove: 2, weeklyDiscount: 10, monthlyDiscount: 20 };

describe("the breakdown of a stay (contract/stay-price.ts)", () => {
  it("3 nights from Thursday: the weekend nights at their price, the extra guests and the cleaning, no discount", () => {
    const b = stayBreakdown(pricing, nights("2027-01-07", 3), 4);
    expect(b.nightly).toEqual([
      { date: "2027-01-07", price: 3000 },
      { date: "2027-01-08", price: 4000 },
      { date: "2027-01-09", price: 4000 },
    ]);
    expect(b.nightsTotal).toBe(11_000);
    expect(b.extraGuests).toEqual({ guests: 2, perNight: 1000, nights: 3, amount: 3000 });
    expect(b.discount).toBeNull();
    expect(b.cleaningFee).toBe(1500);
    expect(b.total).toBe(11_000 + 3000 + 1500);
  });

  it("7 nights with a weekend: the weekly discount off the nights and the extra guests, not the cleaning", () => {
    const b = stayBreakdown(pricing, nights("2027-01-07", 7), 4);
    expect(b.nightsTotal).toBe(2 * 4000 + 5 * 3000);
    expect(b.extraGuests?.amount).toBe(2 * 500 * 7);
    expect(b.discount).toEqual({ kind: "weekly", percent: 10, amount: 3000 });
    expect(b.total).toBe(30_000 - 3000 + 1500);
  });

  it("30 nights: the monthly discount instead of the weekly one", () => {
    const b = stayBreakdown(pricing, nights("2027-01-07", 30), 4);
    // Fridays and Saturdays from 7 January to 5 February: 8, 9, 15, 16, 22, 23, 29, 30 Jan and 5 Feb.
    expect(b.nightly.filter((n) => n.price === 4000)).toHaveLength(9);
    expect(b.nightsTotal).toBe(9 * 4000 + 21 * 3000);
    expect(b.discount).toEqual({ kind: "monthly", percent: 20, amount: 25_800 });
    expect(b.total).toBe(99_000 + 30_000 - 25_800 + 1500);
  });

  it("a host's price for a date wins over the weekend price; no extra fee up to the included guests", () => {
    const b = stayBreakdown(pricing, nights("2027-01-07", 3), 2, new Map([["2027-01-08", 7000]]));
    expect(b.nightly.map((n) => n.price)).toEqual([3000, 7000, 4000]);
    expect(b.extraGuests).toBeNull();
    expect(b.total).toBe(14_000 + 1500);
  });

  it("the weekly discount for 28+ nights when no monthly one is set; the discount rounds down to the som", () => {
    expect(discountFor({ weeklyDiscount: 5, monthlyDiscount: 0 }, 30)).toEqual({ kind: "weekly", percent: 5 });
    expect(discountFor({ weeklyDiscount: 5, monthlyDiscount: 0 }, 6)).toBeNull();
    const b = stayBreakdown({ price: 333, ...NO_FEES, weeklyDiscount: 7 }, nights("2027-01-04", 7), 1);
    expect(b.discount?.amount).toBe(Math.floor((333 * 7 * 7) / 100));
    expect(Number.isInteger(b.total)).toBe(true);
  });

  it("a listing without fees costs its nights, as before fees existed", () => {
    const b = stayBreakdown({ price: 2500, weekendPrice: null, ...NO_FEES }, nights("2027-01-07", 3), 6);
    expect(b).toEqual({ ...nightsOnly(b.nightly, 7500) });
  });

  it("the search's per-night figure is the total over the nights", () => {
    expect(perNight(15_500, 3)).toBe(5167);
    expect(perNight(2500, 0)).toBe(2500);
  });
});

describe("the refund of a stay with a cleaning fee", () => {
  it("gives the cleaning fee back whole and the rule's share of the rest", () => {
    // moderate: 50 % within 5 days of check-in.
    expect(guestRefund("moderate", 15_500, "2027-01-07", "2027-01-05", 1500)).toBe(1500 + 7000);
    expect(guestRefund("strict", 15_500, "2027-01-07", "2027-01-05", 1500)).toBe(1500);
    // Early enough: everything.
    expect(guestRefund("moderate", 15_500, "2027-01-07", "2026-12-01", 1500)).toBe(15_500);
  });
});
