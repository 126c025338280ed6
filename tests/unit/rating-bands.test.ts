/** A rating's band is read off RATING_BANDS (SPEC section 3/9), the table the search filter uses too. */
import { describe, expect, it } from "vitest";
import { RATING_BANDS, ratingBandOf } from "../../contract/estate-constants";

describe("ratingBandOf", () => {
  it("gives the highest band whose minimum the rating reaches, none below the lowest", () => {
    const cases: [number | null | undefined, string | null][] = [
      [5, "excellent"],
      [4.5, "excellent"],
      [4.49, "good"],
      [4, "good"],
      [3.99, "normal"],
      [3, "normal"],
      [2.99, null],
      [0, null],
      [null, null],
      [undefined, null],
    ];
    for (const [rating, band] of cases) expect(ratingBandOf(rating), String(rating)).toBe(band);
  });

  it("agrees with the search filter's minimum of every band", () => {
    for (const [band, minimum] of Object.entries(RATING_BANDS)) expect(ratingBandOf(minimum)).toBe(band);
  });
});
