/**
 * The listing wizard (SPEC section 2, "Listing creation flow"): the three sequences of steps, which
 * steps a listing needs before it can be published, the section each step is in, and one zod
 * schema per step. The API validates a saved step with the same schema the web form uses, so the
 * messages a host reads next to a field are the same whether the browser or the server caught it.
 * Adding a step is one edit of SEQUENCES (and a schema in stepSchema if it asks for something).
 * The choice of which kind takes which sequence: docs/decisions/0018-listing-sequences.md.
 */
import { z } from "zod";
import { isIsoDate } from "./dates";
import type { Locale } from "./locales";
import { COOPERATION_FORMAT_IDS, DAY_HOURS, dayHourIndex } from "./stay-terms";
import { isInKyrgyzstan } from "./kyrgyzstan";
import { LISTING_MESSAGES, type ListingMessage } from "./listing-text";
import { DISCOUNT_MAX } from "./stay-price";
import type { ListingReviewState } from "./estate-statuses";

export const ESTATE_KINDS = ["simple", "complex", "complex.simple"] as const;
export type ListingKind = (typeof ESTATE_KINDS)[number];

export const STEP_IDS = [
  "intro1",
  "intro2",
  "type",
  "title",
  "address",
  "capacity",
  "intro3",
  "photo",
  "description",
  "parameters",
  "complex_parameters",
  "intro4",
  "price",
  "house_rules",
  "booking_rules",
  "start",
  "intro5",
  "cooperation_format",
  "landlord_data",
  "preview",
  "congrats",
] as const;
export type StepId = (typeof STEP_IDS)[number];
export const isStepId = (value: unknown): value is StepId => typeof value === "string" && (STEP_IDS as readonly string[]).includes(value);

/** Screens that only explain (intros, preview, the closing congratulations): nothing to fill in. */
export const INFO_STEPS: readonly StepId[] = ["intro1", "intro2", "intro3", "intro4", "intro5", "preview", "congrats"];
/** Steps a listing may be published without: the amenity lists may honestly be empty. */
export const OPTIONAL_STEPS: readonly StepId[] = ["parameters", "complex_parameters"];

/** One section of a sequence: the intro that opens it, then its steps. */
type Section = readonly StepId[];

/**
 * The three sequences. Each starts with intro1, intro2; sections 2–4 open with intro3–intro5; each
 * ends with congrats (shown once the listing is published). See decision 0018.
 */
export const SEQUENCES: Record<ListingKind, readonly [Section, Section, Section, Section]> = {
  simple: [
    ["intro1", "intro2", "type", "title", "address", "capacity"],
    ["intro3", "photo", "description", "parameters", "complex_parameters"],
    ["intro4", "price", "house_rules", "booking_rules", "start"],
    ["intro5", "cooperation_format", "landlord_data", "preview", "congrats"],
  ],
  complex: [
    ["intro1", "intro2", "type", "title", "address"],
    ["intro3", "photo", "description", "parameters", "complex_parameters"],
    ["intro4", "house_rules", "booking_rules", "start"],
    ["intro5", "cooperation_format", "landlord_data", "preview", "congrats"],
  ],
  "complex.simple": [
    ["intro1", "intro2", "type", "title", "capacity"],
    ["intro3", "photo", "description", "parameters"],
    ["intro4", "price"],
    ["intro5", "preview", "congrats"],
  ],
};

export const stepsOf = (kind: ListingKind): StepId[] => SEQUENCES[kind].flat();
/** 1-based section of a step in a kind's sequence; 0 when the kind does not have the step. */
export const sectionOf = (kind: ListingKind, step: StepId): number => SEQUENCES[kind].findIndex((s) => s.includes(step)) + 1;
export const hasStep = (kind: ListingKind, step: StepId) => sectionOf(kind, step) > 0;
/** Steps that must be saved before publishing. */
export const requiredStepsOf = (kind: ListingKind): StepId[] => stepsOf(kind).filter((s) => !INFO_STEPS.includes(s) && !OPTIONAL_STEPS.includes(s));
/** Steps with a form (everything but the explaining screens). */
export const isFormStep = (step: StepId) => !INFO_STEPS.includes(step);

export function nextStep(kind: ListingKind, step: StepId): StepId | null {
  const steps = stepsOf(kind);
  const at = steps.indexOf(step);
  return at >= 0 && at + 1 < steps.length ? steps[at + 1] : null;
}
export function previousStep(kind: ListingKind, step: StepId): StepId | null {
  const steps = stepsOf(kind);
  const at = steps.indexOf(step);
  return at > 0 ? steps[at - 1] : null;
}

/** Where to resume: the first step of the sequence not yet done (congrats is never "unfinished"). */
export function firstUnfinishedStep(kind: ListingKind, done: readonly string[]): StepId {
  const steps = stepsOf(kind).filter((s) => s !== "congrats");
  return steps.find((s) => !done.includes(s)) ?? "preview";
}
export const missingRequiredSteps = (kind: ListingKind, done: readonly string[]) => requiredStepsOf(kind).filter((s) => !done.includes(s));

// ── Bounds ──────────────────────────────────────────────────────────────────────────────────

/** SPEC section 9: the search's default price range, so a new listing is found by the default search. */
export const PRICE_MIN = 300;
export const PRICE_MAX = 130_000;
/** The most a cleaning or extra-guest fee may be: a night's highest price. */
export const FEE_MAX = PRICE_MAX;
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTOS_MAX = 50;
/**
 * The smallest photo taken (either way round), 1024 × 683 pixels. The estate page shows a photo
 * in a 4:3 box 560 × 420 CSS pixels wide on a laptop and 317 × 238 on a 360-pixel phone
 * (app/components/estate/gallery.tsx; tests/e2e/wizard-steps.spec.ts measures it), and both
 * have two or three device pixels to a CSS pixel: below this a photo is visibly blurred there
 * (issue 27: a 300 × 200 photo was taken). 1024 × 683 is what a 3:2 camera photo shrinks to.
 */
export const PHOTO_MIN_SIDES = { long: 1024, short: 683 } as const;
export const isPhotoTooSmall = (width: number, height: number) =>
  Math.max(width, height) < PHOTO_MIN_SIDES.long || Math.min(width, height) < PHOTO_MIN_SIDES.short;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"] as const;
/** How long a settlement's name may be (the longest in Kyrgyzstan is under 30 letters). */
export const PLACE_NAME_MAX = 60;
export const TITLE_MAX = 120;
export const DESCRIPTION_MIN = 30;
export const DESCRIPTION_MAX = 5000;

// ── Schemas ─────────────────────────────────────────────────────────────────────────────────

const LANGS = ["ru", "en", "ky"] as const;

/**
 * The step schemas in one language: field bounds with messages a host reads next to the field.
 * With `messages: "keys"` (the API) each message is its catalogue key instead, and the API's error
 * layer writes it in the request's language, with the bound (`{n}`) from the issue itself or, for
 * a custom issue, from its `params`.
 */
export function stepSchemas(locale: Locale, today: string, messages: "text" | "keys" = "text") {
  const m = (key: ListingMessage, params: Record<string, string | number> = {}) =>
    messages === "keys" ? key : Object.entries(params).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), LISTING_MESSAGES[key][locale]);
  const int = (min: number, max: number, required: ListingMessage = "required") =>
    z
      .number({ required_error: m(required), invalid_type_error: m("number") })
      .int(m("wholeNumber"))
      .min(min, m("atLeast", { n: min }))
      .max(max, m("atMost", { n: max }));
  const id = z.number({ errorMap: () => ({ message: m("choose") }) }).int(m("choose")).positive(m("choose")).max(2_147_483_647, m("choose"));
  const optionalText = (max: number) => z.string().trim().max(max, m("tooLong", { n: max })).optional().default("");
  const hour = z.string({ required_error: m("choose") }).refine((v) => DAY_HOURS.includes(v), m("choose"));
  const ids = z.array(id).max(100, m("atMost", { n: 100 })).optional().default([]);
  const flag = z.boolean().optional().default(false);

  const title = z
    .object({ title_ru: optionalText(TITLE_MAX), title_en: optionalText(TITLE_MAX), title_ky: optionalText(TITLE_MAX) })
    .superRefine((v, ctx) => {
      for (const lang of LANGS) {
        const text = v[`title_${lang}`];
        if (text && text.length < 5) ctx.addIssue({ code: "custom", path: [`title_${lang}`], message: m("tooShort", { n: 5 }), params: { n: 5 } });
      }
      if (!LANGS.some((l) => v[`title_${l}`])) ctx.addIssue({ code: "custom", path: [`title_${locale}`], message: m("titleOne") });
    });

  const description = z
    .object({
      description_ru: optionalText(DESCRIPTION_MAX),
      description_en: optionalText(DESCRIPTION_MAX),
      description_ky: optionalText(DESCRIPTION_MAX),
    })
    .superRefine((v, ctx) => {
      for (const lang of LANGS) {
        const text = v[`description_${lang}`];
        if (text && text.length < DESCRIPTION_MIN) ctx.addIssue({ code: "custom", path: [`description_${lang}`], message: m("tooShort", { n: DESCRIPTION_MIN }), params: { n: DESCRIPTION_MIN } });
      }
      if (!LANGS.some((l) => v[`description_${l}`])) ctx.addIssue({ code: "custom", path: [`description_${locale}`], message: m("descriptionOne") });
    });

  const coordinate = z.number({ invalid_type_error: m("number") }).optional();

  return {
    type: z.object({ typeId: id, subtypeId: id.optional() }),
    title,
    // Any settlement of Kyrgyzstan, typed (issue 27: 20 towns to choose from left Toktogul out).
    // One the API knows (api/seed/places.ts) may go without a point, it has a centre; any other
    // needs one, a check the API makes (it holds the list). A point must lie in Kyrgyzstan.
    address: z
      .object({
        place: z
          .string({ required_error: m("placeName") })
          .trim()
          .transform((v) => v.replace(/\s+/g, " "))
          .pipe(z.string().min(2, m("placeName")).max(PLACE_NAME_MAX, m("tooLong", { n: PLACE_NAME_MAX }))),
        street: z.string({ required_error: m("required") }).trim().min(2, m("tooShort", { n: 2 })).max(120, m("tooLong", { n: 120 })),
        house: z.string({ required_error: m("required") }).trim().min(1, m("required")).max(20, m("tooLong", { n: 20 })),
        lat: coordinate,
        lng: coordinate,
      })
      .superRefine((v, ctx) => {
        if ((v.lat === undefined) !== (v.lng === undefined)) ctx.addIssue({ code: "custom", path: [v.lat === undefined ? "lat" : "lng"], message: m("coordsBoth") });
        else if (v.lat !== undefined && v.lng !== undefined && !isInKyrgyzstan(v.lat, v.lng)) ctx.addIssue({ code: "custom", path: ["lat"], message: m("outsideKg") });
      }),
    capacity: z
      .object({ guests: int(1, 50), bedrooms: int(0, 30), beds: int(1, 60), baths: int(0, 20) })
      .refine((v) => v.beds * 4 >= v.guests, { path: ["beds"], message: m("bedsForGuests") }),
    // No fields (the files come by their own endpoint): typed as an object with none, so a body
    // with a field of another step is not taken for this one's (an empty object type takes any).
    photo: z.record(z.never()),
    description,
    parameters: z.object({ parameterIds: ids, nutritionIds: ids }),
    complex_parameters: z.object({ parameterIds: ids }),
    price: z
      .object({
        price: int(PRICE_MIN, PRICE_MAX),
        weekendPrice: int(PRICE_MIN, PRICE_MAX).optional(),
        minNights: int(1, 30),
        maxNights: int(1, 365),
        // Fees and long-stay discounts (contract/stay-price.ts): each may be left empty (none).
        cleaningFee: int(0, FEE_MAX).optional(),
        extraGuestFee: int(0, FEE_MAX).optional(),
        extraGuestsAbove: int(1, 50).optional(),
        weeklyDiscount: int(0, DISCOUNT_MAX).optional(),
        monthlyDiscount: int(0, DISCOUNT_MAX).optional(),
      })
      .superRefine((v, ctx) => {
        if (v.maxNights < v.minNights) ctx.addIssue({ code: "custom", path: ["maxNights"], message: m("maxBelowMin") });
        // A fee per guest above nobody knows how many is a fee nobody can compute.
        if (v.extraGuestFee && v.extraGuestsAbove === undefined) ctx.addIssue({ code: "custom", path: ["extraGuestsAbove"], message: m("extraGuestsAbove") });
        // A month cheaper per night than a week is what hosts mean; the other way round is a typo.
        if (v.weeklyDiscount && v.monthlyDiscount && v.monthlyDiscount < v.weeklyDiscount)
          ctx.addIssue({ code: "custom", path: ["monthlyDiscount"], message: m("monthlyBelowWeekly") });
      }),
    house_rules: z
      .object({
        checkInFrom: hour,
        checkInUntil: hour,
        checkOutFrom: hour,
        checkOutUntil: hour,
        pets: flag,
        smoking: flag,
        parties: flag,
        quietFrom: hour.optional(),
        quietUntil: hour.optional(),
      })
      .superRefine((v, ctx) => {
        if (dayHourIndex(v.checkInUntil) < dayHourIndex(v.checkInFrom)) ctx.addIssue({ code: "custom", path: ["checkInUntil"], message: m("windowOrder") });
        if (dayHourIndex(v.checkOutUntil) < dayHourIndex(v.checkOutFrom)) ctx.addIssue({ code: "custom", path: ["checkOutUntil"], message: m("windowOrder") });
        if (Boolean(v.quietFrom) !== Boolean(v.quietUntil)) ctx.addIssue({ code: "custom", path: [v.quietFrom ? "quietUntil" : "quietFrom"], message: m("quietBoth") });
        // 06:00–06:00 is no quiet hours at all, or all day: either way not what the host meant.
        else if (v.quietFrom && v.quietFrom === v.quietUntil) ctx.addIssue({ code: "custom", path: ["quietUntil"], message: m("quietSame") });
      }),
    booking_rules: z.object({
      confirmation: z.enum(["instant", "request"], { errorMap: () => ({ message: m("choose") }) }),
      cancellation: z.enum(["flexible", "moderate", "strict"], { errorMap: () => ({ message: m("choose") }) }),
    }),
    start: z.object({
      availableFrom: z
        .string({ required_error: m("required") })
        .regex(/^\d{4}-\d{2}-\d{2}$/, m("date"))
        .refine(isIsoDate, m("date"))
        .refine((v) => v >= today, m("notPast"))
        .refine((v) => v <= `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`, m("tooFar")),
    }),
    cooperation_format: z.object({
      format: z.enum(COOPERATION_FORMAT_IDS as [string, ...string[]], { errorMap: () => ({ message: m("choose") }) }),
    }),
    // The tax id and the payout account are shown masked on return, never in full, so an empty
    // field means "keep what is stored" (issue 27: re-saving failed with "fill in this field").
    // The API asks for them only when nothing is stored yet (api/services/listing/listings.ts).
    landlord_data: z.object({
      landlordKind: z.enum(["individual", "company"], { errorMap: () => ({ message: m("choose") }) }),
      legalName: z.string({ required_error: m("required") }).trim().min(2, m("tooShort", { n: 2 })).max(120, m("tooLong", { n: 120 })),
      taxId: z
        .string()
        .optional()
        .transform((v) => v?.trim() || undefined)
        .pipe(z.string().regex(/^\d{14}$/, m("taxId")).optional()),
      payoutAccount: z
        .string()
        .optional()
        .transform((v) => v?.replace(/[\s-]/g, "") || undefined)
        .pipe(z.string().regex(/^\d{16,20}$/, m("payoutAccount")).optional()),
    }),
  } satisfies Partial<Record<StepId, z.ZodTypeAny>>;
}

export type StepSchemas = ReturnType<typeof stepSchemas>;
export type FormStepId = keyof StepSchemas;
export const hasSchema = (step: StepId): step is FormStepId => step in stepSchemas("ru", "2000-01-01");
export type StepValues<S extends FormStepId> = z.output<StepSchemas[S]>;

/** Masks all but the last four characters of payout details and tax ids when they are shown. */
export const maskTail = (value: string) => (value.length <= 4 ? value : `${"•".repeat(Math.min(value.length - 4, 12))}${value.slice(-4)}`);

// ── API shapes ──────────────────────────────────────────────────────────────────────────────

export const createListingSchema = z.object({
  kind: z.enum(ESTATE_KINDS),
  /** For a unit: the host's complex it belongs to. */
  parentId: z.number().int().positive().max(2_147_483_647).optional(),
});

/** One place up or down, first (the cover), or a position counted from 0 (drag and drop puts a photo there). */
export const movePhotoSchema = z.object({ to: z.union([z.enum(["up", "down", "cover"]), z.number().int().min(0).max(PHOTOS_MAX - 1)]) });
export type PhotoMove = z.infer<typeof movePhotoSchema>["to"];

export type ListingStatus = "draft" | "published" | "unpublished";

export type ListingPhoto = { id: number; url: string; srcset: string; width: number; height: number };

export type StepState = { step: StepId; section: number; done: boolean; required: boolean };

/** A host's listing as the wizard and the objects list read it. */
export type Listing = {
  id: number;
  slug: string;
  kind: ListingKind;
  status: ListingStatus;
  typeId: number;
  parentId: number | null;
  parentTitle: string | null;
  title: string;
  cover: ListingPhoto | null;
  photos: ListingPhoto[];
  steps: StepState[];
  /** Saved values of every step, as the step's form sends them (landlord details masked). */
  values: Partial<Record<StepId, Record<string, unknown>>>;
  doneCount: number;
  requiredCount: number;
  missing: StepId[];
  resumeStep: StepId;
  price: number;
  /**
   * For a complex, how many of its units are published: with none, guests neither find nor book
   * it (decision 0037), and the wizard says so instead of "guests can book it now" (issue 27).
   * 0 for any other kind.
   */
  publishedUnits: number;
  updatedAt: string;
  publishedAt: string | null;
  /**
   * With LISTING_REVIEW=on: `pending` while an operator has not yet approved what was published or
   * changed (guests do not see it meanwhile), `rejected` with the operator's reason to fix.
   */
  review: { state: ListingReviewState; reason: string | null } | null;
};

export type ListingResponse = { object: Listing };
export type ListingsResponse = { drafts: Listing[]; published: Listing[]; unpublished: Listing[] };

/**
 * `GET /api/v1/host/objects/search`: one page of the host's listings, newest change first, found by
 * a word of the title or address (any language) or the listing's number, of one status and kind.
 * A host with 90 listings pages through them instead of one 22,000-pixel page (issue 27).
 */
export const HOST_LISTINGS_PER_PAGE = 20;
export const LISTING_STATUSES = ["draft", "published", "unpublished"] as const;
export const hostListingsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(LISTING_STATUSES).optional(),
  kind: z.enum(ESTATE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(HOST_LISTINGS_PER_PAGE),
});
export type HostListingsQuery = z.input<typeof hostListingsQuerySchema>;
/** `counts`: how many listings of each status match the words and the kind (the status filter's numbers). */
export type HostListingsPage = {
  items: Listing[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  counts: Record<"all" | ListingStatus, number>;
};
/** A known town: its name in the page's language, and every spelling it is known by (the three languages), which the address step matches a typed name against. */
export type PlaceOption = { slug: string; name: string; names: string[]; region: string; lat: number; lng: number };
export type PlacesResponse = { places: PlaceOption[] };
export type PhotoUploadResponse = { object: Listing; rejected: { name: string; message: string }[] };
