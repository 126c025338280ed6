import { describe, expect, it } from "vitest";
import { COOPERATION_FORMATS, DAY_HOURS, hostPayout, slotOfHour, slotsInWindow } from "../../contract/stay-terms";

describe("stay terms", () => {
  it("has the time slots of SPEC section 3, with the night running past midnight", () => {
    expect(DAY_HOURS[0]).toBe("06:00");
    expect(DAY_HOURS.slice(-8)).toEqual(["22:00", "23:00", "24:00", "01:00", "02:00", "03:00", "04:00", "05:00"]);
    expect(slotOfHour("11:00")).toBe("morning");
    expect(slotOfHour("12:00")).toBe("afternoon");
    expect(slotOfHour("21:00")).toBe("evening");
    expect(slotOfHour("03:00")).toBe("night");
    expect(slotOfHour("11:30")).toBeNull();
  });

  it("offers the slots a check-in window touches, and none for a window that ends before it starts", () => {
    expect(slotsInWindow("14:00", "22:00")).toEqual(["afternoon", "evening", "night"]);
    expect(slotsInWindow("06:00", "11:00")).toEqual(["morning"]);
    expect(slotsInWindow("23:00", "02:00")).toEqual(["night"]);
    expect(slotsInWindow("18:00", "14:00")).toEqual([]);
    expect(slotsInWindow("14:30", "18:00")).toEqual([]);
  });

  it("keeps the commission in whole som and pays the host the rest", () => {
    expect(hostPayout(10_000, COOPERATION_FORMATS.standard.commissionPercent)).toEqual({ commission: 1200, payout: 8800 });
    expect(hostPayout(2_501, 15)).toEqual({ commission: 376, payout: 2125 });
  });
});
