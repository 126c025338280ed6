/** Prices in each language (issue 10: English pages read "4,700 сом"). */
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../app/lib/format";

describe("formatPrice", () => {
  it("writes som in the page's language", () => {
    expect(formatPrice(4700, "en")).toBe("4,700 som");
    expect(formatPrice(4700, "ru").replace(/\s/g, " ")).toBe("4 700 сом");
    expect(formatPrice(4700, "ky").replace(/\s/g, " ")).toBe("4 700 сом");
  });
});
