/** Search defaults, sort orders and rating bands. Free of zod: the browser imports it. */
/** Constants of SPEC section 9. */
export const SEARCH_DEFAULTS = {
  adultCount: 2,
  childrenCount: 0,
  priceFrom: 300,
  priceTo: 130_000,
  orderBy: "score",
  perPage: 16,
  page: 1,
} as const;

/**
 * The search counts matches up to this many: counting every match of a broad search would read the
 * whole table. See SearchResponse.total.
 */
export const SEARCH_TOTAL_CAP = 100;

/** Bounds of the search filter (contract/estate.ts enforces them; the web form repeats them as `min`, `max`, `maxLength`). */
export const SEARCH_LIMITS = {
  location: 100,
  adultCount: { min: 1, max: 30 },
  childrenCount: { min: 0, max: 20 },
  bedCount: { min: 1, max: 30 },
  star: { min: 1, max: 5 },
  price: { min: 0, max: 10_000_000 },
  page: { min: 1, max: 10_000 },
} as const;

export const ORDER_BY = ["score", "price_asc", "price_desc", "rating", "newest"] as const;
export type OrderBy = (typeof ORDER_BY)[number];

/** Rating bands of SPEC section 3/9: the minimum average rating of each band, highest first. */
export const RATING_BANDS = { excellent: 4.5, good: 4, normal: 3 } as const;
export type RatingBand = keyof typeof RATING_BANDS;
/** The highest band a rating reaches (the table above, read in its order), or none below the lowest. */
export const ratingBandOf = (rating: number | null | undefined): RatingBand | null =>
  rating == null ? null : ((Object.keys(RATING_BANDS) as RatingBand[]).find((band) => rating >= RATING_BANDS[band]) ?? null);
