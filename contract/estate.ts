import { z } from "zod";
import { isoDateSchema, type Photo } from "./common";

export { ORDER_BY, RATING_BANDS, SEARCH_DEFAULTS, SEARCH_LIMITS, SEARCH_TOTAL_CAP, ratingBandOf, type OrderBy, type RatingBand } from "./estate-constants";
import { ORDER_BY, SEARCH_DEFAULTS, SEARCH_LIMITS, type RatingBand } from "./estate-constants";
import { msg } from "./message-key";
import type { StayBreakdown, StayPricing } from "./stay-price";

export const coordinateSchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export type Coordinate = z.infer<typeof coordinateSchema>;

/** A row id: a positive Postgres `integer`. A bigger number can match nothing, and would fail the query. */
const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const idList = z.array(idSchema).max(50);

/**
 * The estate search filter of SPEC section 3, with its field names, plus `location` (free text
 * over city, address and title in every language). `locationSearchType` says whether the text
 * (`text`) or the map corners (`map`) bound the search.
 */
export const searchFilterSchema = z
  .object({
    locationSearchType: z.enum(["text", "map"]).default("text"),
    location: z.string().trim().max(SEARCH_LIMITS.location).nullish().transform((v) => (v ? v : null)),
    checkInDate: isoDateSchema.nullish().transform((v) => v ?? null),
    checkOutDate: isoDateSchema.nullish().transform((v) => v ?? null),
    adultCount: z.coerce.number().int().min(SEARCH_LIMITS.adultCount.min).max(SEARCH_LIMITS.adultCount.max).default(SEARCH_DEFAULTS.adultCount),
    childrenCount: z.coerce.number().int().min(SEARCH_LIMITS.childrenCount.min).max(SEARCH_LIMITS.childrenCount.max).default(SEARCH_DEFAULTS.childrenCount),
    bedCount: z.coerce.number().int().min(SEARCH_LIMITS.bedCount.min).max(SEARCH_LIMITS.bedCount.max).nullish().transform((v) => v ?? null),
    type: idSchema.nullish().transform((v) => v ?? null),
    subtype: idSchema.nullish().transform((v) => v ?? null),
    /** Hotel stars, any of the listed (1–5). */
    star: z.array(z.coerce.number().int().min(SEARCH_LIMITS.star.min).max(SEARCH_LIMITS.star.max)).max(5).default([]),
    /** Minimum rating band. */
    rate: z.enum(["excellent", "good", "normal"]).nullish().transform((v) => v ?? null),
    /** Parameter ids; an estate must have all of them. */
    parameters: idList.default([]),
    /** Nutrition ids; an estate must offer at least one of them. */
    nutrition: idList.default([]),
    isInstantConfirmation: z.boolean().nullish().transform((v) => v ?? null),
    priceFrom: z.coerce.number().int().min(SEARCH_LIMITS.price.min).max(SEARCH_LIMITS.price.max).default(SEARCH_DEFAULTS.priceFrom),
    priceTo: z.coerce.number().int().min(SEARCH_LIMITS.price.min).max(SEARCH_LIMITS.price.max).default(SEARCH_DEFAULTS.priceTo),
    topRight: coordinateSchema.nullish().transform((v) => v ?? null),
    leftBottom: coordinateSchema.nullish().transform((v) => v ?? null),
    orderBy: z.enum(ORDER_BY).default(SEARCH_DEFAULTS.orderBy),
  })
  .superRefine((f, ctx) => {
    if ((f.checkInDate === null) !== (f.checkOutDate === null)) {
      ctx.addIssue({ code: "custom", path: [f.checkInDate ? "checkOutDate" : "checkInDate"], message: msg("bothDates") });
    }
    if (f.checkInDate && f.checkOutDate && f.checkOutDate <= f.checkInDate) {
      ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: msg("checkOutAfterCheckIn") });
    }
    if (f.priceTo < f.priceFrom) {
      ctx.addIssue({ code: "custom", path: ["priceTo"], message: msg("priceRange") });
    }
    if ((f.topRight === null) !== (f.leftBottom === null)) {
      ctx.addIssue({ code: "custom", path: ["topRight"], message: msg("bothCorners") });
    }
  });
export type SearchFilterInput = z.input<typeof searchFilterSchema>;
export type SearchFilter = z.output<typeof searchFilterSchema>;

/** Body of POST /api/v1/guest/estate: the filter plus pagination at the top level. */
export const searchRequestSchema = z.intersection(
  searchFilterSchema,
  z.object({
    page: z.coerce.number().int().min(SEARCH_LIMITS.page.min).max(SEARCH_LIMITS.page.max).default(SEARCH_DEFAULTS.page),
    perPage: z.coerce.number().int().min(1).max(100).default(SEARCH_DEFAULTS.perPage),
  }),
);

export type NamedRef = { id: number; slug: string; name: string };

/** An estate as it appears in a list (search, favorites, nearby, by_ids). */
export type EstateCard = {
  id: number;
  slug: string;
  title: string;
  type: NamedRef;
  subtype: NamedRef | null;
  city: string;
  address: string;
  lat: number;
  lng: number;
  /** Nightly price in som (the lowest of a complex's units for a complex). */
  price: number;
  rating: number | null;
  reviewsCount: number;
  star: number | null;
  photos: Photo[];
  isInstantConfirmation: boolean;
  capacity: number;
  bedCount: number;
  /** Set when the search had dates: the whole stay's price for those dates. */
  stayPrice: number | null;
  nights: number | null;
};

export type SearchResponse = {
  estates: EstateCard[];
  filter: SearchFilter;
  hasMore: boolean;
  /**
   * How many matches the search counted: every match when `totalExact`, otherwise at least this
   * many ("100+"). The search stops counting at SEARCH_TOTAL_CAP, or at one past the requested
   * page when that is deeper.
   */
  total: number;
  totalExact: boolean;
  page: number;
  perPage: number;
};

export type MapPoint = { id: number; slug: string; lat: number; lng: number; price: number };
export type MapSearchResponse = { estates: MapPoint[]; filter: SearchFilter };

export type StayQuote = {
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  /** One line per night: the date and its price (a host's per-date price where set, else the weekend price on Friday and Saturday nights when set, else the base price). */
  nightly: { date: string; price: number }[];
  /** What the stay costs in all: `breakdown.total`. */
  total: number;
  /** Nights, extra-guest fee, long-stay discount, cleaning fee (contract/stay-price.ts). */
  breakdown: StayBreakdown;
  available: boolean;
  /** Why the stay cannot be booked, when `available` is false. */
  reason: "booked" | "blocked" | "min_nights" | "max_nights" | "capacity" | null;
  /** The minimum stay that applies to a stay beginning on `checkInDate`. */
  minNights: number;
  /** Whether that minimum is the host's rule for that check-in date (the calendar), not the listing's. */
  minNightsForDate: boolean;
};

export type ReviewSummary = {
  rating: number | null;
  band: RatingBand | null;
  count: number;
  /** How many reviews gave each number of stars, "1" to "5". */
  byStars: Record<"1" | "2" | "3" | "4" | "5", number>;
};

export type EstateDetail = EstateCard & {
  description: string;
  parameters: { id: number; slug: string; name: string; icon: string; group: string }[];
  nutrition: { id: number; slug: string; name: string }[];
  host: { id: number; name: string; avatar: string | null; since: string };
  parent: { id: number; slug: string; title: string } | null;
  /** Units of a complex (SPEC: estateChildren). */
  children: EstateCard[];
  checkInTime: string;
  /** The end of the check-in window (contract/stay-terms.ts): arrival slots are offered inside it. */
  checkInUntil: string;
  checkOutTime: string;
  minNights: number;
  maxNights: number;
  /** The price of Friday's and Saturday's nights when the host set one (decision 0037); null: the base price. */
  weekendPrice: number | null;
  /** The host's fees and long-stay discounts (contract/stay-price.ts), shown beside the price. */
  fees: Omit<StayPricing, "price" | "weekendPrice">;
  /** The first date the place can be booked; earlier nights read as closed. Null: open already. */
  availableFrom: string | null;
  cancellationPolicy: "flexible" | "moderate" | "strict";
  houseRules: string;
  reviews: ReviewSummary;
  /** Present when checkInDate and checkOutDate were asked for. */
  stay: StayQuote | null;
};

export type EstateResponse = { estate: EstateDetail };
export type ByIdsResponse = { items: EstateCard[] };
export const byIdsRequestSchema = z.object({ ids: z.array(idSchema).max(100) });

export type AvailableDatesResponse = {
  from: string;
  to: string;
  /** Dates (yyyy-mm-dd) within [from, to] on which a night cannot be booked. */
  unavailable: string[];
  /** Per-date prices where a host set them; other nights cost the estate's price. */
  prices: { date: string; price: number }[];
  price: number;
};
export const availableDatesQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** A published review of a listing, with the host's one reply (contract/reviews.ts). */
export type Review = { id: number; authorName: string; rating: number; text: string; createdAt: string; reply: { text: string; at: string } | null };
export type ReviewsResponse = { items: Review[]; summary: ReviewSummary; page: number; perPage: number; total: number; hasMore: boolean };

export type ComplexResponse = { estate: EstateDetail; children: EstateCard[] };
