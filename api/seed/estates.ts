/**
 * The demo estate generator, shared by the demo seed (300+ estates) and the bulk generator
 * (100 000): listings composed from localized templates at real places, with photos from the pool,
 * per-date prices, blocked dates, bookings that never overlap, and reviews whose average is the
 * estate's rating. Everything is drawn from a seeded generator, so the content is the same on every
 * machine; dates are relative to the day of seeding so availability always looks current.
 */
import type { Localized } from "../../contract/common";
import { bishkekTime, DAY_MS, dateOfDayIndex, weekdayOf } from "../../contract/dates";
import { ESTATE_TYPES, NUTRITION, PARAMETERS, type DirectoryIds, type NutritionSlug, type ParamSlug } from "./directory";
import { PHOTO_HEIGHT, PHOTO_VARIANTS, PHOTO_WIDTH, photosOfTheme, type PhotoTheme } from "./photos";
import { PLACES, type Place, type TypeSlug } from "./places";
import type { Rng } from "./rng";
import { allocateIds, COLUMNS, insertJson, type SeedDb } from "./sql";
import * as T from "./texts";
import type { BookingStatus } from "../../contract/booking-statuses";

/*
 * The generator counts days as numbers (dayIndex in contract/dates.ts: fast to compare and step
 * in loops over 100 000 estates) and writes them as dates at the end. Hours are Bishkek's, where
 * the estates are: a stay begins at 14:00 there, as the booking lifecycle has it.
 */
const isoDay = dateOfDayIndex;
const twoDigits = (n: number) => String(n).padStart(2, "0");
/** An instant at a Bishkek hour of a day index. */
export const isoAt = (day: number, hour = 12, minute = 0): string => bishkekTime(isoDay(day), `${twoDigits(hour)}:${twoDigits(minute)}`).toISOString();

// ── Shapes ──────────────────────────────────────────────────────────────────────────────────

export type GuestRef = { id: number; first: string; last: string; locale: "ru" | "en" | "ky" };

export type Density = {
  /** How many reviews (each with its completed booking) an estate gets: weighted ranges. */
  reviews: [min: number, max: number, weight: number][];
  /** Extra past bookings without a review, and cancelled ones, per reviewed stay. */
  extraPastShare: number;
  activeShare: number;
  activeMax: number;
  pricesShare: number;
  priceDays: number;
  blockedShare: number;
  /** Booking timeline events and payment transactions (demo only: they triple the rows). */
  history: boolean;
  /** Each review comes with the completed booking it reviews; without, reviews stand alone (bulk: 3× fewer rows). */
  reviewBookings: boolean;
  /** Keep titles unique (the demo); the bulk generator does not track 100 000 titles. */
  uniqueTitles: boolean;
};

export const DEMO_DENSITY: Density = {
  reviews: [
    [0, 0, 10],
    [1, 4, 30],
    [5, 12, 40],
    [13, 24, 20],
  ],
  extraPastShare: 0.25,
  activeShare: 0.6,
  activeMax: 3,
  pricesShare: 0.5,
  priceDays: 180,
  blockedShare: 0.35,
  history: true,
  reviewBookings: true,
  uniqueTitles: true,
};

export const BULK_DENSITY: Density = {
  reviews: [
    [0, 0, 30],
    [1, 3, 45],
    [4, 8, 20],
    [9, 15, 5],
  ],
  extraPastShare: 0,
  activeShare: 0.45,
  activeMax: 3,
  pricesShare: 0.1,
  priceDays: 60,
  blockedShare: 0.1,
  history: false,
  reviewBookings: false,
  uniqueTitles: false,
};

export type GenContext = {
  dir: DirectoryIds;
  now: Date;
  today: number;
  density: Density;
  /** Picks the host of a new top-level estate. */
  hostFor: (rng: Rng) => number;
  guests: GuestRef[];
  usedTitles: Set<string>;
};

/** The fields of a generated listing that go to `estate_texts` (title, city and address also make `search_text`). */
const ESTATE_TEXT_INPUTS = [
  ["title", "jsonb"],
  ["city", "jsonb"],
  ["address", "jsonb"],
] as const;

/** A generated listing: the `estates` columns, plus its texts for `estate_texts`. */
type EstateRow = {
  host_id: number;
  type_id: number;
  subtype_id: number;
  status: "published";
  title: Localized;
  description: Localized;
  city: Localized;
  address: Localized;
  region: string;
  lat: number;
  lng: number;
  capacity: number;
  bed_count: number;
  bedroom_count: number;
  area: number | null;
  star: number | null;
  rating: number | null;
  reviews_count: number;
  price: number;
  is_instant_confirmation: boolean;
  parameter_ids: number[];
  nutrition_ids: number[];
  min_nights: number;
  max_nights: number;
  check_in_time: string;
  check_out_time: string;
  cancellation_policy: "flexible" | "moderate" | "strict";
  house_rules: Localized;
  score: number;
  created_at: string;
  updated_at: string;
  published_at: string;
};

export type EstateNode = {
  id: number;
  parent: EstateNode | null;
  units: EstateNode[];
  typeSlug: TypeSlug;
  subtypeSlug: string;
  place: Place;
  slugBase: string;
  row: EstateRow;
  params: Set<ParamSlug>;
  nutrition: NutritionSlug[];
  photos: { key: string; alt: Localized }[];
  /** Per-date nightly prices that differ from `row.price`, by day number. */
  prices: Map<number, number>;
  blocked: number[];
  /** Day ranges [from, to) held by stays and blocked dates, so new ones never overlap. */
  taken: [number, number][];
  createdDay: number;
  reviewRatings: number[];
};

export type BookingNode = {
  id: number;
  estate: EstateNode;
  guest: GuestRef;
  status: BookingStatus;
  checkIn: number;
  checkOut: number;
  adults: number;
  children: number;
  createdAt: string;
  cancelReasonId: number | null;
  refund: number | null;
  review: ReviewNode | null;
};

export type ReviewNode = { estate: EstateNode; booking: BookingNode | null; guest: GuestRef; rating: number; text: string; locale: "ru" | "en" | "ky"; createdAt: string };

export class SeedBatch {
  estates: EstateNode[] = [];
  bookings: BookingNode[] = [];
  reviews: ReviewNode[] = [];
  favorites: { userId: number; estate: EstateNode; createdAt: string }[] = [];
}

// ── Listing specs ───────────────────────────────────────────────────────────────────────────

type Range = [number, number];
type Spec = { cap: Range; bedrooms: Range; beds: Range | "cap"; area: Range | null; price: Range };

const SPECS: Record<string, Spec> = {
  "apartment-studio": { cap: [2, 2], bedrooms: [1, 1], beds: [1, 2], area: [24, 38], price: [2000, 3500] },
  "apartment-1-room": { cap: [2, 3], bedrooms: [1, 1], beds: [1, 2], area: [32, 48], price: [2200, 4500] },
  "apartment-2-room": { cap: [3, 5], bedrooms: [1, 2], beds: [2, 3], area: [48, 75], price: [3500, 6000] },
  "apartment-3-room": { cap: [4, 7], bedrooms: [2, 3], beds: [3, 4], area: [70, 110], price: [4800, 7500] },
  "apartment-penthouse": { cap: [4, 8], bedrooms: [2, 4], beds: [3, 5], area: [120, 220], price: [6500, 8000] },
  "house-entire": { cap: [5, 10], bedrooms: [2, 4], beds: [3, 6], area: [90, 220], price: [5000, 12000] },
  "house-villa": { cap: [6, 12], bedrooms: [3, 5], beds: [4, 8], area: [180, 350], price: [9000, 15000] },
  "house-dacha": { cap: [4, 8], bedrooms: [2, 3], beds: [2, 5], area: [60, 120], price: [4000, 8000] },
  "house-townhouse": { cap: [4, 8], bedrooms: [2, 3], beds: [3, 5], area: [90, 160], price: [5000, 10000] },
  "guest-house-family": { cap: [2, 6], bedrooms: [1, 3], beds: [1, 4], area: [25, 80], price: [1500, 5000] },
  "guest-house-farm": { cap: [2, 8], bedrooms: [1, 3], beds: [2, 5], area: [30, 90], price: [1500, 4500] },
  "guest-house-room": { cap: [1, 3], bedrooms: [1, 1], beds: [1, 2], area: [14, 25], price: [1500, 3000] },
  "hotel-boutique": { cap: [2, 3], bedrooms: [1, 1], beds: [1, 2], area: [22, 45], price: [0, 0] },
  "hotel-business": { cap: [2, 3], bedrooms: [1, 1], beds: [1, 2], area: [20, 40], price: [0, 0] },
  "hotel-mini": { cap: [2, 4], bedrooms: [1, 1], beds: [1, 2], area: [16, 30], price: [0, 0] },
  "hotel-resort": { cap: [2, 4], bedrooms: [1, 2], beds: [1, 3], area: [25, 50], price: [0, 0] },
  "hostel-dorm": { cap: [1, 1], bedrooms: [1, 1], beds: [1, 1], area: null, price: [500, 900] },
  "hostel-private": { cap: [2, 3], bedrooms: [1, 1], beds: [1, 2], area: [10, 18], price: [1000, 1500] },
  "yurt-traditional": { cap: [2, 6], bedrooms: [1, 1], beds: "cap", area: [20, 30], price: [1500, 2800] },
  "yurt-comfort": { cap: [2, 4], bedrooms: [1, 1], beds: [1, 2], area: [25, 35], price: [2500, 4000] },
  "yurt-family": { cap: [4, 8], bedrooms: [1, 1], beds: "cap", area: [30, 45], price: [2500, 4000] },
  "cottage-chalet": { cap: [4, 8], bedrooms: [2, 3], beds: [2, 5], area: [70, 140], price: [6000, 12000] },
  "cottage-a-frame": { cap: [2, 4], bedrooms: [1, 2], beds: [1, 3], area: [35, 70], price: [4000, 8000] },
  "cottage-log": { cap: [4, 10], bedrooms: [2, 4], beds: [3, 6], area: [60, 160], price: [4500, 11000] },
  "room-standard": { cap: [2, 2], bedrooms: [1, 1], beds: [1, 2], area: [18, 25], price: [3000, 5500] },
  "room-deluxe": { cap: [2, 3], bedrooms: [1, 1], beds: [1, 2], area: [30, 45], price: [5500, 9000] },
  "room-family": { cap: [3, 5], bedrooms: [1, 2], beds: [2, 3], area: [32, 50], price: [5000, 8500] },
  "resort-cottage-small": { cap: [2, 4], bedrooms: [1, 1], beds: [1, 2], area: [30, 50], price: [5000, 9000] },
  "resort-cottage-large": { cap: [5, 8], bedrooms: [2, 3], beds: [3, 5], area: [60, 100], price: [9000, 15000] },
};

const HOTEL_PRICE: Record<number, Range> = { 2: [3000, 5000], 3: [4000, 8000], 4: [7000, 14000], 5: [12000, 20000] };

const SUBTYPE_WEIGHTS: Record<TypeSlug, [string, number][]> = {
  apartment: [["apartment-studio", 20], ["apartment-1-room", 30], ["apartment-2-room", 28], ["apartment-3-room", 15], ["apartment-penthouse", 7]],
  house: [["house-entire", 50], ["house-villa", 10], ["house-dacha", 20], ["house-townhouse", 20]],
  "guest-house": [["guest-house-family", 55], ["guest-house-farm", 15], ["guest-house-room", 30]],
  hotel: [["hotel-boutique", 25], ["hotel-business", 25], ["hotel-mini", 35], ["hotel-resort", 15]],
  hostel: [["hostel-dorm", 55], ["hostel-private", 45]],
  "yurt-camp": [["yurt-traditional", 50], ["yurt-comfort", 30], ["yurt-family", 20]],
  cottage: [["cottage-chalet", 30], ["cottage-a-frame", 30], ["cottage-log", 40]],
  sanatorium: [["sanatorium-medical", 60], ["sanatorium-wellness", 40]],
  resort: [["resort-lakeside", 1]],
  room: [["room-standard", 45], ["room-deluxe", 25], ["room-family", 30]],
  "resort-cottage": [["resort-cottage-small", 55], ["resort-cottage-large", 45]],
};

type TypeRules = {
  nights: { min: Range; max: Range };
  times: [string, string][];
  instant: number;
  policy: [EstateRow["cancellation_policy"], number][];
  params: Partial<Record<ParamSlug, number>>;
  nutrition: [NutritionSlug[], number][];
  cover: PhotoTheme[];
  extra: PhotoTheme[];
};

const STANDARD_POLICY: TypeRules["policy"] = [["flexible", 35], ["moderate", 45], ["strict", 20]];

const RULES: Record<TypeSlug, TypeRules> = {
  apartment: {
    nights: { min: [1, 2], max: [14, 30] },
    times: [["14:00", "12:00"], ["15:00", "11:00"], ["14:00", "11:00"]],
    instant: 0.6,
    policy: STANDARD_POLICY,
    params: { wifi: 0.97, parking: 0.5, kitchen: 0.95, "air-conditioning": 0.6, "washing-machine": 0.8, tv: 0.85, heating: 0.95, "hot-water": 1, balcony: 0.55, elevator: 0.5, "pets-allowed": 0.2, "mountain-view": 0.5, playground: 0.3, transfer: 0.1 },
    nutrition: [[["none"], 50], [["kitchen-access"], 50]],
    cover: ["apartment"],
    extra: ["bedroom", "kitchen", "apartment", "bedroom"],
  },
  house: {
    nights: { min: [2, 3], max: [14, 30] },
    times: [["14:00", "12:00"], ["15:00", "12:00"]],
    instant: 0.45,
    policy: STANDARD_POLICY,
    params: { wifi: 0.9, parking: 0.95, kitchen: 0.95, sauna: 0.35, pool: 0.15, bbq: 0.8, fireplace: 0.3, playground: 0.4, "pets-allowed": 0.4, "washing-machine": 0.7, tv: 0.8, heating: 0.95, "hot-water": 1, "mountain-view": 0.7, "lake-view": 0.5, "air-conditioning": 0.3, transfer: 0.2 },
    nutrition: [[["kitchen-access"], 70], [["none"], 30]],
    cover: ["guesthouse"],
    extra: ["apartment", "bedroom", "kitchen", "bedroom"],
  },
  "guest-house": {
    nights: { min: [1, 1], max: [14, 21] },
    times: [["13:00", "11:00"], ["14:00", "12:00"]],
    instant: 0.5,
    policy: STANDARD_POLICY,
    params: { wifi: 0.9, parking: 0.85, kitchen: 0.5, sauna: 0.3, bbq: 0.5, heating: 0.9, "hot-water": 0.95, "horse-riding": 0.3, transfer: 0.5, "mountain-view": 0.8, "lake-view": 0.5, playground: 0.2, "pets-allowed": 0.2, tv: 0.4, "washing-machine": 0.4 },
    nutrition: [[["breakfast"], 35], [["breakfast", "half-board"], 25], [["full-board"], 15], [["kitchen-access"], 15], [["breakfast", "kitchen-access"], 10]],
    cover: ["guesthouse"],
    extra: ["bedroom", "kitchen", "bedroom"],
  },
  hotel: {
    nights: { min: [1, 1], max: [30, 30] },
    times: [["14:00", "12:00"]],
    instant: 0.75,
    policy: [["flexible", 30], ["moderate", 55], ["strict", 15]],
    params: { wifi: 1, parking: 0.85, "air-conditioning": 0.9, tv: 0.95, elevator: 0.8, heating: 1, "hot-water": 1, pool: 0.3, sauna: 0.35, transfer: 0.7, "mountain-view": 0.6, "lake-view": 0.6, playground: 0.2, "pets-allowed": 0.1, balcony: 0.4 },
    nutrition: [[["breakfast"], 60], [["none"], 15], [["breakfast", "half-board"], 25]],
    cover: ["hotel"],
    extra: ["bedroom", "bedroom", "apartment"],
  },
  hostel: {
    nights: { min: [1, 1], max: [30, 30] },
    times: [["13:00", "11:00"], ["14:00", "12:00"]],
    instant: 0.7,
    policy: [["flexible", 60], ["moderate", 40]],
    params: { wifi: 1, kitchen: 1, "washing-machine": 0.7, "hot-water": 1, heating: 0.95, "air-conditioning": 0.3, parking: 0.3, transfer: 0.3, tv: 0.3 },
    nutrition: [[["kitchen-access"], 60], [["breakfast", "kitchen-access"], 40]],
    cover: ["apartment", "bedroom"],
    extra: ["bedroom", "kitchen"],
  },
  "yurt-camp": {
    nights: { min: [1, 1], max: [5, 7] },
    times: [["13:00", "11:00"], ["14:00", "10:00"]],
    instant: 0.35,
    policy: [["flexible", 40], ["moderate", 40], ["strict", 20]],
    params: { "horse-riding": 0.85, parking: 0.7, "mountain-view": 1, "lake-view": 0.9, bbq: 0.4, transfer: 0.5, "hot-water": 0.4, wifi: 0.2, "pets-allowed": 0.3, playground: 0.1 },
    nutrition: [[["full-board"], 50], [["half-board"], 25], [["breakfast", "half-board", "full-board"], 25]],
    cover: ["yurts"],
    extra: ["yurts", "mountains", "yurts"],
  },
  cottage: {
    nights: { min: [1, 3], max: [14, 21] },
    times: [["14:00", "12:00"], ["15:00", "12:00"]],
    instant: 0.45,
    policy: STANDARD_POLICY,
    params: { wifi: 0.85, parking: 0.95, kitchen: 0.9, fireplace: 0.6, sauna: 0.5, bbq: 0.85, heating: 1, "hot-water": 1, "mountain-view": 0.85, "lake-view": 0.4, tv: 0.6, "pets-allowed": 0.35, playground: 0.3, "washing-machine": 0.4, balcony: 0.3 },
    nutrition: [[["kitchen-access"], 60], [["none"], 20], [["breakfast"], 20]],
    cover: ["guesthouse"],
    extra: ["apartment", "bedroom", "kitchen", "mountains"],
  },
  sanatorium: {
    nights: { min: [3, 7], max: [21, 24] },
    times: [["12:00", "10:00"]],
    instant: 0.5,
    policy: [["moderate", 50], ["strict", 50]],
    params: { wifi: 0.9, parking: 1, pool: 1, sauna: 0.8, tv: 0.9, heating: 1, "hot-water": 1, elevator: 0.6, transfer: 0.8, playground: 0.6, "lake-view": 0.8, "mountain-view": 0.8, "air-conditioning": 0.5 },
    nutrition: [[["full-board"], 70], [["half-board", "full-board"], 30]],
    cover: ["hotel"],
    extra: ["pool", "sauna", "bedroom", "lake"],
  },
  resort: {
    nights: { min: [1, 2], max: [14, 21] },
    times: [["14:00", "12:00"]],
    instant: 0.5,
    policy: STANDARD_POLICY,
    params: { wifi: 0.9, parking: 1, pool: 0.8, sauna: 0.7, bbq: 0.8, playground: 0.8, transfer: 0.7, "lake-view": 0.8, "mountain-view": 0.8, "hot-water": 1, heating: 0.7, "horse-riding": 0.3, tv: 0.7, "air-conditioning": 0.5 },
    nutrition: [[["all-inclusive"], 30], [["full-board"], 30], [["breakfast", "half-board"], 40]],
    cover: ["lake"],
    extra: ["pool", "guesthouse", "bedroom", "hotel"],
  },
  room: {
    nights: { min: [1, 1], max: [14, 21] },
    times: [["14:00", "12:00"]],
    instant: 0.5,
    policy: STANDARD_POLICY,
    params: { wifi: 1, tv: 0.9, "air-conditioning": 0.6, heating: 1, "hot-water": 1, balcony: 0.5, "lake-view": 0.5, "mountain-view": 0.5 },
    nutrition: [],
    cover: ["bedroom"],
    extra: ["bedroom", "apartment"],
  },
  "resort-cottage": {
    nights: { min: [1, 2], max: [14, 21] },
    times: [["14:00", "12:00"]],
    instant: 0.5,
    policy: STANDARD_POLICY,
    params: { wifi: 0.9, kitchen: 0.6, tv: 0.8, bbq: 0.5, heating: 0.9, "hot-water": 1, "lake-view": 0.6, "mountain-view": 0.6, fireplace: 0.3, balcony: 0.5, sauna: 0.3 },
    nutrition: [],
    cover: ["guesthouse"],
    extra: ["bedroom", "kitchen", "apartment"],
  },
};

const NAMED_TYPES = new Set<TypeSlug>(["hotel", "hostel", "guest-house", "yurt-camp", "sanatorium", "resort"]);
/** Directory names as they read inside a sentence ("парковка", "Wi‑Fi"). */
const inSentence = (name: Localized): Localized => ({ ru: T.inSentence(name.ru), en: T.inSentence(name.en), ky: T.inSentence(name.ky) });
const PARAM_NAMES = new Map(PARAMETERS.map((p) => [p.slug, inSentence(p.name)]));
const NUTRITION_NAMES = new Map(NUTRITION.map((n) => [n.slug, inSentence(n.name)]));

// ── Small helpers ───────────────────────────────────────────────────────────────────────────

const inRange = (rng: Rng, [a, b]: Range) => rng.int(a, b);
const round100 = (v: number) => Math.max(100, Math.round(v / 100) * 100);
const round2 = (v: number) => Math.round(v * 100) / 100;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const map3 = (f: (l: "ru" | "en" | "ky") => string): Localized => ({ ru: f("ru"), en: f("en"), ky: f("ky") });

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
}

function overlaps(taken: [number, number][], from: number, to: number): boolean {
  return taken.some(([a, b]) => from < b && a < to);
}

/** Ranking for orderBy=score: a Bayesian average of the rating, review volume and freshness. */
export function estateScore(rating: number | null, reviewsCount: number, createdAt: Date, now: Date): number {
  const prior = 4.2;
  const weight = 5;
  const bayes = ((rating ?? prior) * reviewsCount + prior * weight) / (reviewsCount + weight);
  const ageDays = Math.max(0, (now.getTime() - createdAt.getTime()) / DAY_MS);
  return round2(bayes * 20 + Math.log1p(reviewsCount) * 3 + Math.exp(-ageDays / 60) * 10);
}

function location(rng: Rng, place: Place): { lat: number; lng: number } {
  if (place.ring) {
    const a = rng.float(0, Math.PI * 2);
    const k = rng.float(1.02, 1.18);
    return { lat: round6(place.lat + Math.sin(a) * place.ring[0] * k), lng: round6(place.lng + Math.cos(a) * place.ring[1] * k) };
  }
  const r = place.spreadKm * Math.sqrt(rng.next());
  const a = rng.float(0, Math.PI * 2);
  let dLat = (r * Math.sin(a)) / 111;
  const dLng = (r * Math.cos(a)) / (111 * Math.cos((place.lat * Math.PI) / 180));
  if (place.lakeToSouth) dLat = Math.abs(dLat) * 0.8 - 0.002;
  return { lat: Math.round((place.lat + dLat) * 1e6) / 1e6, lng: Math.round((place.lng + dLng) * 1e6) / 1e6 };
}

function address(rng: Rng, place: Place): Localized {
  if (place.fixedAddresses) return { ...rng.pick(place.fixedAddresses) };
  const street = rng.pick(place.streets);
  const house = place.city ? rng.int(1, 240) : rng.int(1, 90);
  const flat = place.city && rng.chance(0.45) ? rng.int(2, 120) : null;
  return {
    ru: `${street.ru}, ${house}${flat ? `, кв. ${flat}` : ""}`,
    en: `${house} ${street.en}${flat ? `, apt ${flat}` : ""}`,
    ky: `${street.ky}, ${house}${flat ? `, ${flat}-батир` : ""}`,
  };
}

// ── Text composition ────────────────────────────────────────────────────────────────────────

function pickFeature(rng: Rng, ctx: { place: Place; type: TypeSlug }, chance: number): T.Feature | null {
  if (!rng.chance(chance)) return null;
  const options = T.FEATURES.filter((f) => f.types.includes(ctx.type) && (!f.when || f.when(ctx.place)));
  return options.length ? rng.pick(options) : null;
}

function composeTitle(rng: Rng, gen: GenContext, place: Place, type: TypeSlug, subtype: string, feature: T.Feature | null): Localized {
  for (let attempt = 0; ; attempt++) {
    let title: Localized;
    if (NAMED_TYPES.has(type)) {
      title = T.NAMED_TITLES[subtype](rng.pick(T.PROPER_NAMES), place);
    } else if (type === "room" || type === "resort-cottage") {
      const noun = T.UNIT_NOUNS[subtype];
      title = feature
        ? { ru: `${noun.ru} ${feature.text.ru}`, en: `${noun.en} ${feature.text.en}`, ky: T.capitalize(`${feature.text.ky} ${noun.ky}`) }
        : { ru: noun.ru, en: noun.en, ky: T.capitalize(noun.ky) };
      return title;
    } else {
      const noun = T.SUBTYPE_NOUNS[subtype];
      const adj = rng.pick(T.ADJECTIVES.filter((a) => !a.only || a.only.includes(type)));
      const f = feature?.text;
      title = {
        ru: `${adj.ru[noun.g]} ${noun.ru}${f ? ` ${f.ru}` : ""} ${place.at.ru}`,
        en: `${adj.en} ${noun.en}${f ? ` ${f.en}` : ""} ${place.at.en}`,
        ky: `${place.at.ky}${f ? ` ${f.ky}` : ""} ${adj.ky.toLowerCase()} ${noun.ky}`,
      };
    }
    if (!gen.density.uniqueTitles || !gen.usedTitles.has(title.ru) || attempt >= 30) {
      gen.usedTitles.add(title.ru);
      return title;
    }
  }
}

function capacitySentence(cap: number, beds: number, bedrooms: number, area: number | null): Localized {
  const base: Localized =
    cap === 1
      ? { ru: "Одно спальное место для одного гостя.", en: "One bed for one guest.", ky: "Бир кишилик бир төшөк орун." }
      : {
          ru: `Вмещает до ${cap} ${T.ruPlural(cap, "гостя", "гостей", "гостей")}: ${beds} ${T.ruPlural(beds, "спальное место", "спальных места", "спальных мест")}${bedrooms > 1 ? `, ${bedrooms} ${T.ruPlural(bedrooms, "спальня", "спальни", "спален")}` : ""}.`,
          en: `Sleeps up to ${cap} guests in ${beds} ${beds === 1 ? "bed" : "beds"}${bedrooms > 1 ? ` across ${bedrooms} bedrooms` : ""}.`,
          ky: `${cap} конокко чейин батат: ${beds} төшөк орун${bedrooms > 1 ? `, ${bedrooms} уктоочу бөлмө` : ""}.`,
        };
  if (!area) return base;
  return { ru: `${base.ru} Площадь — ${area} м².`, en: `${base.en} ${area} m² in total.`, ky: `${base.ky} Аянты — ${area} м².` };
}

function amenitiesSentence(rng: Rng, params: Set<ParamSlug>): Localized | null {
  const listed = rng.sample(
    [...params].filter((p) => !["mountain-view", "lake-view", "pets-allowed", "hot-water"].includes(p)),
    5,
  );
  if (listed.length === 0) return null;
  const names = (l: "ru" | "en" | "ky") => T.joinList(listed.map((p) => PARAM_NAMES.get(p)![l]), l);
  return { ru: `К услугам гостей: ${names("ru")}.`, en: `Amenities include ${names("en")}.`, ky: `Коноктор үчүн: ${names("ky")}.` };
}

function nutritionSentence(nutrition: NutritionSlug[]): Localized {
  if (nutrition.length === 1 && nutrition[0] === "none") {
    return { ru: "Питание не предоставляется.", en: "Meals are not provided.", ky: "Тамак-аш берилбейт." };
  }
  const names = (l: "ru" | "en" | "ky") => T.joinList(nutrition.map((n) => NUTRITION_NAMES.get(n)![l]), l);
  return { ru: `Питание: ${names("ru")}.`, en: `Meals: ${names("en")}.`, ky: `Тамак-аш: ${names("ky")}.` };
}

function closingSentence(rng: Rng, place: Place, type: TypeSlug, params: Set<ParamSlug>): Localized {
  const ok = T.CLOSINGS.filter((c) => {
    switch (c.when) {
      case "city":
        return place.city;
      case "rural":
        return !place.city;
      case "apartment":
        return type === "apartment";
      case "camp":
        return type === "yurt-camp" || type === "guest-house";
      case "wifi":
        return params.has("wifi") && (type === "apartment" || type === "hotel" || type === "cottage");
      default:
        return true;
    }
  });
  return rng.pick(ok).text;
}

function describe(rng: Rng, node: Omit<EstateNode, "row" | "id" | "slugBase"> & { cap: number; beds: number; bedrooms: number; area: number | null }): Localized {
  const { place, typeSlug: type } = node;
  const intro = rng.pick(T.INTROS[type]);
  const parts: Localized[] = [
    {
      ru: intro.ru.replace("{at}", place.at.ru),
      en: intro.en.replace("{at}", place.at.en),
      ky: intro.ky.replace("{at}", place.at.ky),
    },
  ];
  if (type === "sanatorium" || type === "resort") {
    const n = node.units.length;
    parts.push({
      ru: `В комплексе ${n} ${T.ruPlural(n, "вариант", "варианта", "вариантов")} размещения на выбор.`,
      en: `Choose from ${n} types of accommodation.`,
      ky: `Комплексте тандоо үчүн ${n} түрдүү жайгашуу бар.`,
    });
  } else {
    parts.push(capacitySentence(node.cap, node.beds, node.bedrooms, node.area));
  }
  const unit = type === "room" || type === "resort-cottage";
  if (!unit) parts.push(rng.pick(place.sights));
  const amenities = amenitiesSentence(rng, node.params);
  if (amenities) parts.push(amenities);
  if (!unit) {
    parts.push(nutritionSentence(node.nutrition));
    parts.push(closingSentence(rng, place, type, node.params));
  }
  return map3((l) => parts.map((p) => p[l]).join(" "));
}

function houseRules(rng: Rng, type: TypeSlug, params: Set<ParamSlug>, times: [string, string], rural: boolean): Localized {
  const lines: Localized[] = [T.RULES.times(times[0], times[1]), T.RULES.smoking];
  if (rng.chance(0.8)) lines.push(T.RULES.quiet);
  if (type !== "hotel" && type !== "sanatorium" && rng.chance(0.6)) lines.push(T.RULES.parties);
  lines.push(params.has("pets-allowed") ? T.RULES.petsYes : T.RULES.petsNo);
  if ((type === "apartment" || type === "guest-house" || type === "house") && rng.chance(0.4)) lines.push(T.RULES.shoes);
  if (type === "yurt-camp") lines.push(T.RULES.fire);
  if (rng.chance(0.35)) lines.push(T.RULES.children);
  if (type === "hotel" || type === "hostel" || type === "sanatorium" || type === "resort" || rng.chance(0.2)) lines.push(T.RULES.documents);
  if (rural && params.has("hot-water") && rng.chance(0.3)) lines.push(T.RULES.water);
  if (rng.chance(0.25)) lines.push(T.RULES.visitors);
  return map3((l) => lines.map((x) => x[l]).join("\n"));
}

function choosePhotos(rng: Rng, type: TypeSlug, place: Place, params: Set<ParamSlug>): { key: string; alt: Localized }[] {
  const rules = RULES[type];
  const extra: PhotoTheme[] = [...rules.extra];
  if (params.has("sauna")) extra.push("sauna");
  if (params.has("pool")) extra.push("pool");
  if (params.has("lake-view") || (place.lake && type === "yurt-camp")) extra.push("lake");
  if (params.has("mountain-view")) extra.push("mountains");
  const cover: PhotoTheme = type === "resort" && !place.lake ? "mountains" : rng.pick(rules.cover);
  const count = rng.int(2, 6);
  const themes = [cover, ...rng.shuffle(extra)].slice(0, count);
  const used = new Set<string>();
  return themes.map((theme) => {
    const options = photosOfTheme(theme).filter((p) => !used.has(p.key));
    const photo = rng.pick(options.length ? options : photosOfTheme(theme));
    used.add(photo.key);
    return { key: photo.key, alt: photo.alt };
  });
}

function chooseParams(rng: Rng, type: TypeSlug, place: Place, forced: (ParamSlug | undefined)[]): Set<ParamSlug> {
  const out = new Set<ParamSlug>();
  for (const [slug, p] of Object.entries(RULES[type].params) as [ParamSlug, number][]) {
    const chance = slug === "mountain-view" ? p * place.mountainView : slug === "lake-view" ? (place.lake ? p : 0) : slug === "air-conditioning" && !place.city ? p * 0.4 : p;
    if (rng.chance(chance)) out.add(slug);
  }
  for (const f of forced) if (f) out.add(f);
  if (!place.lake) out.delete("lake-view");
  return out;
}

// ── Estates ─────────────────────────────────────────────────────────────────────────────────

type NodeInput = {
  parent: EstateNode | null;
  place: Place;
  type: TypeSlug;
  subtype: string;
  hostId: number;
  createdDay: number;
  nutrition?: NutritionSlug[];
  units?: EstateNode[];
};

function buildNode(rng: Rng, gen: GenContext, input: NodeInput): EstateNode {
  const { place, type, subtype, parent } = input;
  const rules = RULES[type];
  const spec = SPECS[subtype];
  const isComplex = type === "sanatorium" || type === "resort";
  const feature = isComplex ? null : pickFeature(rng, { place, type }, NAMED_TYPES.has(type) ? 0 : parent ? 0.5 : 0.8);
  const params = chooseParams(rng, type, place, [feature?.param, type === "hostel" ? "kitchen" : undefined]);
  const nutrition = input.nutrition ?? rng.weighted(rules.nutrition);
  const units = input.units ?? [];

  let cap: number;
  let beds: number;
  let bedrooms: number;
  let area: number | null;
  let star: number | null = null;
  let price: number;
  if (isComplex) {
    cap = Math.max(...units.map((u) => u.row.capacity));
    beds = Math.min(32000, units.reduce((sum, u) => sum + u.row.bed_count, 0));
    bedrooms = Math.min(32000, units.reduce((sum, u) => sum + u.row.bedroom_count, 0));
    area = null;
    star = rng.int(3, 4);
    price = Math.min(...units.map((u) => u.row.price));
  } else {
    cap = inRange(rng, spec.cap);
    bedrooms = Math.min(inRange(rng, spec.bedrooms), cap);
    beds = spec.beds === "cap" ? cap : Math.max(Math.ceil(cap / 2), Math.min(cap, inRange(rng, spec.beds)));
    bedrooms = Math.min(bedrooms, beds);
    area = spec.area ? inRange(rng, spec.area) : null;
    let range = spec.price;
    if (type === "hotel") {
      star = rng.weighted<number>([[2, 15], [3, 45], [4, 30], [5, 10]]);
      range = HOTEL_PRICE[star];
    }
    const raw = rng.int(range[0], range[1]) * place.priceFactor;
    price = subtype === "hostel-dorm" ? Math.max(500, Math.round(raw / 50) * 50) : round100(raw);
  }

  const minNights = inRange(rng, rules.nights.min);
  const maxNights = Math.max(minNights + 2, inRange(rng, rules.nights.max));
  const times = rng.pick(rules.times);
  const title = composeTitle(rng, gen, place, type, subtype, feature);
  const loc = parent ? { lat: round6(parent.row.lat + rng.float(-0.0008, 0.0008)), lng: round6(parent.row.lng + rng.float(-0.0008, 0.0008)) } : location(rng, place);
  const createdAt = isoAt(input.createdDay, rng.int(6, 18), rng.int(0, 59));
  const node: EstateNode = {
    id: 0,
    parent,
    units,
    typeSlug: type,
    subtypeSlug: subtype,
    place,
    slugBase: slugify(title.en) || type,
    params,
    nutrition,
    photos: [],
    prices: new Map(),
    blocked: [],
    taken: [],
    createdDay: input.createdDay,
    reviewRatings: [],
    row: {
      host_id: input.hostId,
      type_id: gen.dir.types.get(type)!.id,
      subtype_id: gen.dir.subtypes.get(subtype)!,
      status: "published",
      title,
      description: { ru: "", en: "", ky: "" },
      city: parent ? parent.row.city : { ...place.name },
      address: parent ? parent.row.address : address(rng, place),
      region: place.region,
      lat: loc.lat,
      lng: loc.lng,
      capacity: cap,
      bed_count: beds,
      bedroom_count: bedrooms,
      area,
      star,
      rating: null,
      reviews_count: 0,
      price,
      is_instant_confirmation: rng.chance(rules.instant),
      parameter_ids: [],
      nutrition_ids: nutrition.map((n) => gen.dir.nutrition.get(n)!),
      min_nights: minNights,
      max_nights: maxNights,
      check_in_time: times[0],
      check_out_time: times[1],
      cancellation_policy: rng.weighted(rules.policy),
      house_rules: parent ? parent.row.house_rules : houseRules(rng, type, params, times, !place.city),
      score: 0,
      created_at: createdAt,
      updated_at: createdAt,
      published_at: createdAt,
    },
  };
  node.row.parameter_ids = PARAMETERS.filter((p) => params.has(p.slug)).map((p) => gen.dir.parameters.get(p.slug)!);
  node.row.description = describe(rng, { ...node, cap, beds, bedrooms, area });
  node.photos = choosePhotos(rng, type, place, params);
  for (const u of units) u.parent = node;
  if (isComplex) {
    node.row.min_nights = Math.min(...units.map((u) => u.row.min_nights));
    node.row.max_nights = Math.max(...units.map((u) => u.row.max_nights));
  }
  return node;
}

/** Picks a place by the demo weights, and a type allowed there. */
export function pickPlaceAndType(rng: Rng): { place: Place; type: TypeSlug } {
  const place = rng.weighted(PLACES.map((p) => [p, p.weight] as const));
  return { place, type: rng.weighted(place.types) };
}

function pickSubtype(rng: Rng, type: TypeSlug, place: Place): string {
  let options = SUBTYPE_WEIGHTS[type];
  if (type === "hotel" && !place.lake && place.mountainView < 0.7) options = options.filter(([s]) => s !== "hotel-resort");
  if (type === "resort") return place.lake ? "resort-lakeside" : "resort-mountain";
  return rng.weighted(options);
}

/** How long ago a listing went live: listings with many reviews have been around longer. */
function createdDayFor(rng: Rng, gen: GenContext, reviewCount: number): number {
  const minAge = reviewCount === 0 ? 0 : 30 + reviewCount * 12;
  return gen.today - rng.int(minAge, minAge + (reviewCount === 0 ? 120 : 240));
}

/** Generates one plain listing with its history and adds it to the batch. */
export function generateListing(rng: Rng, gen: GenContext, batch: SeedBatch, place: Place, type: TypeSlug, hostId = gen.hostFor(rng)): EstateNode {
  const reviewCount = pickReviewCount(rng, gen.density);
  const node = buildNode(rng, gen, { parent: null, place, type, subtype: pickSubtype(rng, type, place), hostId, createdDay: createdDayFor(rng, gen, reviewCount) });
  batch.estates.push(node);
  addHistory(rng, gen, batch, node, [node], reviewCount, true);
  return node;
}

/** Generates a sanatorium or resort with `unitCount` rooms and cottages. */
export function generateComplex(rng: Rng, gen: GenContext, batch: SeedBatch, place: Place, type: "sanatorium" | "resort", unitCount: number, hostId = gen.hostFor(rng)): EstateNode {
  const reviewCount = pickReviewCount(rng, gen.density) + 3;
  const createdDay = createdDayFor(rng, gen, reviewCount);
  const nutrition = rng.weighted(RULES[type].nutrition);
  const units: EstateNode[] = [];
  for (let i = 0; i < unitCount; i++) {
    const unitType: TypeSlug = type === "sanatorium" || i < Math.ceil(unitCount / 2) ? "room" : "resort-cottage";
    const subtype = i === 0 ? (unitType === "room" ? "room-standard" : "resort-cottage-small") : rng.weighted(SUBTYPE_WEIGHTS[unitType]);
    units.push(buildNode(rng, gen, { parent: null, place, type: unitType, subtype, hostId, createdDay, nutrition }));
  }
  const parent = buildNode(rng, gen, { parent: null, place, type, subtype: pickSubtype(rng, type, place), hostId, createdDay, nutrition, units });
  // Units sit in the complex: same address, a few metres apart.
  for (const u of units) {
    u.row.city = parent.row.city;
    u.row.address = parent.row.address;
    u.row.house_rules = parent.row.house_rules;
    u.row.lat = round6(parent.row.lat + rng.float(-0.0008, 0.0008));
    u.row.lng = round6(parent.row.lng + rng.float(-0.0008, 0.0008));
    u.row.cancellation_policy = parent.row.cancellation_policy;
  }
  batch.estates.push(parent, ...units);
  for (const u of units) addHistory(rng, gen, batch, u, [u], 0, true);
  addHistory(rng, gen, batch, parent, units, reviewCount, false);
  return parent;
}

function pickReviewCount(rng: Rng, density: Density): number {
  const [min, max] = rng.weighted(density.reviews.map(([a, b, w]) => [[a, b] as Range, w] as const));
  return rng.int(min, max);
}

// ── History: prices, blocked dates, bookings, reviews ───────────────────────────────────────

function nightPrice(estate: EstateNode, day: number): number {
  return estate.prices.get(day) ?? estate.row.price;
}

export function priceLines(estate: EstateNode, checkIn: number, checkOut: number): { date: string; price: number }[] {
  const lines: { date: string; price: number }[] = [];
  for (let d = checkIn; d < checkOut; d++) lines.push({ date: isoDay(d), price: nightPrice(estate, d) });
  return lines;
}

function seasonalPrices(rng: Rng, gen: GenContext, estate: EstateNode) {
  const weekend = rng.float(1.1, 1.25);
  const summer = estate.place.lake || estate.typeSlug === "yurt-camp" ? rng.float(1.2, 1.4) : 1;
  for (let d = gen.today; d < gen.today + gen.density.priceDays; d++) {
    const date = isoDay(d);
    const dow = weekdayOf(date);
    const monthDay = date.slice(5);
    let factor = dow === 5 || dow === 6 ? weekend : 1;
    if (monthDay >= "06-15" && monthDay <= "08-31") factor *= summer;
    if (factor > 1.01) estate.prices.set(d, round100(estate.row.price * factor));
  }
}

function blockDates(rng: Rng, gen: GenContext, estate: EstateNode) {
  for (let i = rng.int(1, 2); i > 0; i--) {
    const from = gen.today + rng.int(5, 90);
    const to = from + rng.int(2, 5);
    if (overlaps(estate.taken, from, to)) continue;
    estate.taken.push([from, to]);
    for (let d = from; d < to; d++) estate.blocked.push(d);
  }
}

function party(rng: Rng, estate: EstateNode): { adults: number; children: number } {
  const cap = estate.row.capacity;
  const adults = rng.int(1, Math.min(cap, 4));
  const children = cap > adults && rng.chance(0.3) ? rng.int(1, Math.min(2, cap - adults)) : 0;
  return { adults, children };
}

function stayLength(rng: Rng, estate: EstateNode): number {
  const min = estate.row.min_nights;
  return rng.int(min, Math.min(estate.row.max_nights, min + 4));
}

/** Adds a booking to the batch and marks its nights taken. Returns null when the dates are not free. */
export function addBooking(
  batch: SeedBatch,
  estate: EstateNode,
  guest: GuestRef,
  status: BookingStatus,
  checkIn: number,
  checkOut: number,
  createdAt: string,
  extra: Partial<Pick<BookingNode, "adults" | "children" | "cancelReasonId" | "refund">> = {},
): BookingNode | null {
  const holds = !status.startsWith("cancelled") && status !== "declined" && !status.startsWith("annulled");
  if (holds && overlaps(estate.taken, checkIn, checkOut)) return null;
  if (holds) estate.taken.push([checkIn, checkOut]);
  const booking: BookingNode = {
    id: 0,
    estate,
    guest,
    status,
    checkIn,
    checkOut,
    adults: extra.adults ?? Math.min(2, estate.row.capacity),
    children: extra.children ?? 0,
    createdAt,
    cancelReasonId: extra.cancelReasonId ?? null,
    refund: extra.refund ?? null,
    review: null,
  };
  batch.bookings.push(booking);
  return booking;
}

/** Finds the first free stay of `nights` starting at `from` or later (or earlier, going back). */
export function freeSlot(estate: EstateNode, from: number, nights: number, direction: 1 | -1 = 1): number {
  let start = from;
  for (let i = 0; i < 400 && overlaps(estate.taken, start, start + nights); i++) start += direction;
  return start;
}

/**
 * Past stays (most reviewed, the reviews going to `reviewEstate`) on `stayEstates`; with `upcoming`,
 * also seasonal prices, current and upcoming stays and blocked dates. A complex collects the reviews
 * of stays in its units.
 */
function addHistory(rng: Rng, gen: GenContext, batch: SeedBatch, reviewEstate: EstateNode, stayEstates: EstateNode[], reviewCount: number, upcoming: boolean) {
  const { density, today } = gen;
  const pickGuest = () => rng.pick(gen.guests);
  if (upcoming) {
    for (const estate of stayEstates) {
      if (rng.chance(density.pricesShare)) seasonalPrices(rng, gen, estate);
      let cursor = today + rng.int(-4, 14);
      if (rng.chance(density.activeShare)) {
        for (let i = rng.int(1, density.activeMax); i > 0; i--) {
          const nights = stayLength(rng, estate);
          const checkIn = cursor;
          const checkOut = checkIn + nights;
          const status: BookingStatus =
            checkOut <= today ? "completed_no_review" : checkIn <= today ? "paid_occupied" : !estate.row.is_instant_confirmation && rng.chance(0.2) ? "pending_confirmation" : "paid_waiting_checkin";
          const created = Math.min(today, checkIn) - rng.int(1, 25);
          addBooking(batch, estate, pickGuest(), status, checkIn, checkOut, isoAt(created, rng.int(8, 22), rng.int(0, 59)), party(rng, estate));
          cursor = checkOut + rng.int(2, 20);
        }
      }
      if (rng.chance(density.blockedShare)) blockDates(rng, gen, estate);
    }
  }
  // Past stays, most of them reviewed: walking back in time from a few days ago.
  let cursor = today - rng.int(2, 20);
  const quality = rng.float(3.7, 4.95);
  const details = reviewDetails(reviewEstate);
  for (let i = 0; i < reviewCount; i++) {
    const estate = rng.pick(stayEstates);
    const nights = stayLength(rng, estate);
    const checkIn = freeSlot(estate, cursor - nights, nights, -1);
    const checkOut = checkIn + nights;
    if (checkIn < reviewEstate.createdDay) break;
    const guest = pickGuest();
    const { adults, children } = party(rng, estate);
    const booking = density.reviewBookings
      ? addBooking(batch, estate, guest, "completed_with_review", checkIn, checkOut, isoAt(checkIn - rng.int(3, 40), rng.int(8, 22), rng.int(0, 59)), { adults, children })
      : null;
    if (density.reviewBookings && !booking) continue;
    if (!booking) estate.taken.push([checkIn, checkOut]);
    const rating = reviewRating(rng, quality);
    const review: ReviewNode = {
      estate: reviewEstate,
      booking,
      guest,
      rating,
      text: reviewText(rng, rating, guest.locale, details, children > 0),
      locale: guest.locale,
      createdAt: isoAt(Math.min(today, checkOut + rng.int(0, 5)), rng.int(9, 23), rng.int(0, 59)),
    };
    if (booking) booking.review = review;
    batch.reviews.push(review);
    reviewEstate.reviewRatings.push(rating);
    cursor = checkIn - rng.int(1, 25);
    if (rng.chance(density.extraPastShare)) {
      const n2 = stayLength(rng, estate);
      const out2 = freeSlot(estate, cursor - n2, n2, -1) + n2;
      if (out2 - n2 >= reviewEstate.createdDay) {
        const status: BookingStatus = rng.weighted<BookingStatus>([["completed_no_review", 60], ["cancelled_by_guest", 25], ["declined", 15]]);
        const reason = status === "cancelled_by_guest" && gen.dir.guestCancelReasonIds.length ? rng.pick(gen.dir.guestCancelReasonIds) : null;
        addBooking(batch, estate, pickGuest(), status, out2 - n2, out2, isoAt(out2 - n2 - rng.int(5, 30), 12), {
          ...party(rng, estate),
          cancelReasonId: reason,
          refund: status === "cancelled_by_guest" ? 0 : null,
        });
        cursor = out2 - n2 - rng.int(1, 15);
      }
    }
  }
}

function reviewRating(rng: Rng, quality: number): number {
  const noise = (rng.next() + rng.next() - 1) * 1.6;
  return Math.max(1, Math.min(5, Math.round(quality + noise)));
}

/** Review details that fit the estate: meals only where meals are served, views only with a view. */
function reviewDetails(estate: EstateNode): T.ReviewDetail[] {
  const hasMeals = estate.nutrition.some((n) => n !== "none" && n !== "kitchen-access");
  const hasView = estate.params.has("mountain-view") || estate.params.has("lake-view");
  return T.REVIEW_DETAILS.filter((d) => d.needs !== "meals" || hasMeals).filter((d) => d.needs !== "view" || hasView);
}

function reviewText(rng: Rng, rating: number, locale: "ru" | "en" | "ky", fitting: T.ReviewDetail[], kids: boolean): string {
  const details = kids ? fitting : fitting.filter((d) => d.needs !== "kids");
  const parts: string[] = [];
  if (rating >= 5) {
    parts.push(rng.pick(T.REVIEW_OPEN.great[locale]));
    for (const d of rng.sample(details, rng.int(1, 2))) parts.push(d.text[locale]);
    if (rng.chance(0.6)) parts.push(rng.pick(T.REVIEW_CLOSE.great[locale]));
  } else if (rating === 4) {
    parts.push(rng.pick(T.REVIEW_OPEN.good[locale]));
    parts.push(rng.pick(details).text[locale]);
    if (rng.chance(0.6)) parts.push(rng.pick(T.REVIEW_MINOR[locale]));
    if (rng.chance(0.3)) parts.push(rng.pick(T.REVIEW_CLOSE.great[locale]));
  } else if (rating === 3) {
    parts.push(rng.pick(T.REVIEW_OPEN.ok[locale]));
    parts.push(rng.pick(T.REVIEW_MINOR[locale]));
    if (rng.chance(0.5)) parts.push(rng.pick(T.REVIEW_CLOSE.ok[locale]));
  } else {
    parts.push(rng.pick(T.REVIEW_OPEN.bad[locale]));
    for (const line of rng.sample(T.REVIEW_BAD[locale], rng.int(1, 2))) parts.push(line);
  }
  return parts.join(" ");
}

/** Sets rating, reviews_count and score of every estate in the batch from its reviews. */
export function finalizeRatings(batch: SeedBatch, now: Date) {
  const lastReview = new Map<EstateNode, string>();
  for (const r of batch.reviews) {
    const prev = lastReview.get(r.estate);
    if (!prev || prev < r.createdAt) lastReview.set(r.estate, r.createdAt);
  }
  for (const e of batch.estates) {
    const n = e.reviewRatings.length;
    e.row.reviews_count = n;
    e.row.rating = n ? round2(e.reviewRatings.reduce((a, b) => a + b, 0) / n) : null;
    e.row.score = estateScore(e.row.rating, n, new Date(e.row.created_at), now);
    e.row.updated_at = lastReview.get(e) ?? e.row.created_at;
  }
}

// ── Insertion ───────────────────────────────────────────────────────────────────────────────

type EventRow = { booking_id: number; from_status: BookingStatus | null; to_status: BookingStatus; actor: string; created_at: string };

function history(b: BookingNode): { events: Omit<EventRow, "booking_id">[]; paid: boolean } {
  const events: Omit<EventRow, "booking_id">[] = [];
  const created = Date.parse(b.createdAt);
  const at = (ms: number) => new Date(ms).toISOString();
  let last: BookingStatus | null = null;
  const step = (to: BookingStatus, actor: string, when: number) => {
    events.push({ from_status: last, to_status: to, actor, created_at: at(when) });
    last = to;
  };
  const instant = b.estate.row.is_instant_confirmation;
  step(instant ? "pending_payment" : "pending_confirmation", "guest", created);
  if (b.status === "pending_confirmation") return { events, paid: false };
  if (b.status === "declined") {
    step("declined", "host", created + 3 * 3_600_000);
    return { events, paid: false };
  }
  if (!instant) step("pending_payment", "host", created + 2 * 3_600_000);
  step("paid_waiting_checkin", "payment", created + (instant ? 10 : 150) * 60_000);
  if (b.status === "cancelled_by_guest") {
    step("cancelled_by_guest", "guest", created + DAY_MS);
    return { events, paid: true };
  }
  if (b.status === "paid_waiting_checkin") return { events, paid: true };
  step("paid_occupied", "system", Date.parse(isoAt(b.checkIn, 14)));
  if (b.status === "paid_occupied") return { events, paid: true };
  step("completed_no_review", "system", Date.parse(isoAt(b.checkOut, 12)));
  if (b.status === "completed_with_review" && b.review) step("completed_with_review", "guest", Date.parse(b.review.createdAt));
  return { events, paid: true };
}

/** Writes the batch: estates (units after their complex) and their texts, photos, prices, blocked dates, bookings, reviews. */
export async function insertBatch(db: SeedDb, batch: SeedBatch, opts: { history: boolean; now: Date }): Promise<{ estates: number; bookings: number; reviews: number; photos: number }> {
  const estates = [...batch.estates.filter((e) => !e.parent), ...batch.estates.filter((e) => e.parent)];
  const ids = await allocateIds(db, "estates", estates.length);
  estates.forEach((e, i) => (e.id = ids[i]));
  // search_text is written here, as the trigger on estate_texts would: a bulk load skips triggers.
  await insertJson(
    db,
    "estates",
    COLUMNS.estates,
    estates.map((e) => ({ id: e.id, slug: `${e.slugBase}-${e.id}`, parent_id: e.parent?.id ?? null, ...e.row })),
    500,
    { inputs: ESTATE_TEXT_INPUTS, computed: [["search_text", "estate_search_text(x.title, x.city, x.address)"]] },
  );
  await insertJson(
    db,
    "estate_texts",
    COLUMNS.estate_texts,
    estates.map((e) => ({ estate_id: e.id, title: e.row.title, city: e.row.city, address: e.row.address, description: e.row.description, house_rules: e.row.house_rules })),
    500,
  );
  const photoRows = estates.flatMap((e) =>
    e.photos.map((p, i) => ({ estate_id: e.id, key: p.key, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, variants: PHOTO_VARIANTS, alt: p.alt, sort_order: i, created_at: e.row.created_at })),
  );
  await insertJson(db, "estate_photos", COLUMNS.estate_photos, photoRows, 4000);
  await insertJson(
    db,
    "estate_prices",
    COLUMNS.estate_prices,
    estates.flatMap((e) => [...e.prices].map(([day, price]) => ({ estate_id: e.id, date: isoDay(day), price }))),
    5000,
  );
  await insertJson(
    db,
    "estate_blocked_dates",
    COLUMNS.estate_blocked_dates,
    estates.flatMap((e) => e.blocked.map((day) => ({ estate_id: e.id, date: isoDay(day) }))),
    5000,
  );

  const bookingIds = await allocateIds(db, "bookings", batch.bookings.length);
  batch.bookings.forEach((b, i) => (b.id = bookingIds[i]));
  await insertJson(
    db,
    "bookings",
    COLUMNS.bookings,
    batch.bookings.map((b) => {
      const lines = priceLines(b.estate, b.checkIn, b.checkOut);
      const total = lines.reduce((sum, l) => sum + l.price, 0);
      const updated = b.review?.createdAt ?? b.createdAt;
      return {
        id: b.id,
        estate_id: b.estate.id,
        guest_id: b.guest.id,
        host_id: b.estate.row.host_id,
        check_in: isoDay(b.checkIn),
        check_out: isoDay(b.checkOut),
        adult_count: b.adults,
        children_count: b.children,
        status: b.status,
        nights: b.checkOut - b.checkIn,
        total_price: total,
        price_lines: lines,
        comment: "",
        cancel_reason_id: b.cancelReasonId,
        refund_amount: b.refund === null ? null : b.estate.row.cancellation_policy === "flexible" ? total : b.estate.row.cancellation_policy === "moderate" ? Math.round(total / 2) : 0,
        created_at: b.createdAt,
        updated_at: updated,
      };
    }),
    2000,
  );
  await insertJson(
    db,
    "reviews",
    COLUMNS.reviews,
    batch.reviews.map((r) => ({
      estate_id: r.estate.id,
      booking_id: r.booking?.id ?? null,
      author_id: r.guest.id,
      author_name: `${r.guest.first} ${r.guest.last.charAt(0)}.`,
      rating: r.rating,
      text: r.text,
      locale: r.locale,
      created_at: r.createdAt,
    })),
    2000,
  );
  if (opts.history) {
    const events: EventRow[] = [];
    const payments: Record<string, unknown>[] = [];
    for (const b of batch.bookings) {
      const h = history(b);
      for (const e of h.events) events.push({ booking_id: b.id, ...e });
      if (h.paid) {
        const total = priceLines(b.estate, b.checkIn, b.checkOut).reduce((sum, l) => sum + l.price, 0);
        const paidAt = h.events.find((e) => e.to_status === "paid_waiting_checkin")!.created_at;
        payments.push({ booking_id: b.id, user_id: b.guest.id, kind: "payment", amount: total, status: "Success", provider: "sandbox", provider_ref: `seed-pay-${b.id}`, created_at: paidAt, completed_at: paidAt });
      }
    }
    await insertJson(db, "booking_events", COLUMNS.booking_events, events, 4000);
    await insertJson(db, "transactions", COLUMNS.transactions, payments, 2000);
  }
  if (batch.favorites.length) {
    await insertJson(
      db,
      "favorites",
      COLUMNS.favorites,
      batch.favorites.map((f) => ({ user_id: f.userId, estate_id: f.estate.id, created_at: f.createdAt })),
    );
  }
  return { estates: estates.length, bookings: batch.bookings.length, reviews: batch.reviews.length, photos: photoRows.length };
}

/** Every type slug of the directory, for checks. */
export const ALL_TYPE_SLUGS = ESTATE_TYPES.map((t) => t.slug);
