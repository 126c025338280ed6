/**
 * contract/kyrgyzstan.ts against real places: towns of every oblast, those by the borders (the
 * outline is simplified, so they test its tolerance), and the neighbours' towns a box around the
 * country would take (Almaty, Tashkent, Andijan, Khujand, Kashgar).
 */
import { describe, expect, it } from "vitest";
import { isInKyrgyzstan } from "../../contract/kyrgyzstan";

const INSIDE: Record<string, [number, number]> = {
  Bishkek: [42.87, 74.59],
  Osh: [40.53, 72.8],
  "Kara-Suu, by the Uzbek border": [40.7, 72.87],
  "Jalal-Abad": [40.93, 73.0],
  "Isfana, the far west": [39.84, 69.53],
  Batken: [40.06, 70.82],
  "Kochkor-Ata, 9 km outside the simplified outline": [41.03, 72.48],
  Karakol: [42.49, 78.39],
  Naryn: [41.43, 75.99],
  Talas: [42.52, 72.24],
  Kerben: [41.5, 71.75],
  Toktogul: [41.87, 72.94],
  Kant: [42.89, 74.85],
  "Kaji-Say": [42.1432, 77.1805],
  "Sary-Tash": [39.73, 73.25],
  "At-Bashy": [41.17, 75.8],
};
const OUTSIDE: Record<string, [number, number]> = {
  Almaty: [43.24, 76.89],
  Tashkent: [41.3, 69.24],
  Andijan: [40.78, 72.34],
  Namangan: [41.0, 71.67],
  Khujand: [40.28, 69.62],
  Taraz: [42.9, 71.37],
  Kashgar: [39.47, 75.99],
  Dushanbe: [38.56, 68.78],
  "Murghob, Tajikistan": [38.17, 73.96],
};

describe("isInKyrgyzstan", () => {
  it.each(Object.entries(INSIDE))("takes %s", (_, [lat, lng]) => expect(isInKyrgyzstan(lat, lng)).toBe(true));
  it.each(Object.entries(OUTSIDE))("refuses %s", (_, [lat, lng]) => expect(isInKyrgyzstan(lat, lng)).toBe(false));
  it("refuses what is not a point", () => {
    expect(isInKyrgyzstan(Number.NaN, 74)).toBe(false);
    expect(isInKyrgyzstan(42, Number.POSITIVE_INFINITY)).toBe(false);
  });
});
