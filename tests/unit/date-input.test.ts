import { describe, expect, it } from "vitest";
import { DATE_PATTERN, maskDate } from "../../app/components/forms/date-input";

describe("the yyyy-mm-dd mask of a date field without a picker", () => {
  it.each([
    ["2", "2"],
    ["20270", "2027-0"],
    ["202701", "2027-01"],
    ["20270129", "2027-01-29"],
    ["2027-01-29", "2027-01-29"],
    ["2027.01.29", "2027-01-29"],
    ["2027-01-2999", "2027-01-29"],
    ["abc", ""],
  ])("%s → %s", (typed, shown) => {
    expect(maskDate(typed)).toBe(shown);
  });

  it("its pattern accepts the mask only", () => {
    const pattern = new RegExp(`^(?:${DATE_PATTERN})$`);
    expect(pattern.test("2027-01-29")).toBe(true);
    expect(pattern.test("29.01.2027")).toBe(false);
  });
});
