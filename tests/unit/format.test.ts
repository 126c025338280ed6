/** Prices in each language (issue 10: English pages read "4,700 сом"). */
import { describe, expect, it } from "vitest";
import { formatMonthYear, formatPrice } from "../../app/lib/format";

describe("formatPrice", () => {
  it("writes som in the page's language", () => {
    expect(formatPrice(4700, "en")).toBe("4,700 som");
    expect(formatPrice(4700, "ru").replace(/\s/g, " ")).toBe("4 700 сом");
    expect(formatPrice(4700, "ky").replace(/\s/g, " ")).toBe("4 700 сом");
  });
});

/** Month labels of the earnings and the calendars (issue 27: "Январь 2027 Г.", "2026-Ж., Декабрь"). */
describe("formatMonthYear", () => {
  it("names a month of a year as each language labels it", () => {
    expect(formatMonthYear("2027-01", "ru")).toBe("Январь 2027");
    expect(formatMonthYear("2026-05-01", "ru")).toBe("Май 2026");
    expect(formatMonthYear("2027-01", "en")).toBe("January 2027");
    expect(formatMonthYear("2026-12", "ky")).toBe("2026-жылдын декабры");
    expect(formatMonthYear("2026-06", "ky")).toBe("2026-жылдын июну");
  });
});
