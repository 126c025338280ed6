/**
 * The whole marketplace domain known from SPEC.md, not only what the current screens use, so later
 * features add columns rather than reshape tables. Localized text is jsonb `{ ru, en, ky }`.
 * The exclusion constraint against overlapping bookings lives in a hand-written migration
 * (drizzle-kit cannot express EXCLUDE): see migrations/0001_booking_exclusion.sql.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Localized } from "../../contract/common";
import type { StayBreakdown } from "../../contract/stay-price";
import { ACTIVE_BOOKING_STATUSES, BOOKING_STATUSES } from "../../contract/booking-statuses";
import { NOTIFICATION_TYPES } from "../../contract/notification-types";
import { ESTATE_STATUS, ESTATE_STATUSES, type EstateStatus, LISTING_REVIEW_STATES, type ListingReviewState } from "../../contract/estate-statuses";
import { OUTBOX_DUE_STATUSES, OUTBOX_STATUS, OUTBOX_STATUSES } from "../../contract/outbox-statuses";
import { TRANSACTION_KINDS, TRANSACTION_STATUS, TRANSACTION_STATUSES } from "../../contract/transactions";
import { sqlLiteral, sqlLiterals } from "../lib/sql";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * The edit token of a row operators edit in the console (issue 31): each save adds one, and a save
 * that names another version than the row's is refused, so an edit made meanwhile by another
 * operator is never overwritten silently.
 */
const editVersion = () => integer("edit_version").notNull().default(1);

export const userModeEnum = pgEnum("user_mode", ["guest", "host"]);
/**
 * Who may run the marketplace: an operator, made only by `npm run operator` on the server, reaches
 * the console at /admin and the API under /api/v1/operator. Separate from guest and host mode,
 * which every member switches between.
 */
export const userRoleEnum = pgEnum("user_role", ["member", "operator"]);
export const localeEnum = pgEnum("locale", ["ru", "en", "ky"]);
export const estateKindEnum = pgEnum("estate_kind", ["simple", "complex", "complex.simple"]);
export const cancellationPolicyEnum = pgEnum("cancellation_policy", ["flexible", "moderate", "strict"]);

// The lists live once in contract/ (the browser and the API need them too); the enums are built from them.
export const estateStatusEnum = pgEnum("estate_status", ESTATE_STATUSES);
export const listingReviewStateEnum = pgEnum("listing_review_state", LISTING_REVIEW_STATES);
export const bookingStatusEnum = pgEnum("booking_status", BOOKING_STATUSES);
export const notificationTypeEnum = pgEnum("notification_type", NOTIFICATION_TYPES);
export const outboxStatusEnum = pgEnum("outbox_status", OUTBOX_STATUSES);
export const transactionKindEnum = pgEnum("transaction_kind", TRANSACTION_KINDS);
export const transactionStatusEnum = pgEnum("transaction_status", TRANSACTION_STATUSES);

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Country code plus national number, digits only: 996700123456. Null once the account is deleted. */
    phone: text("phone"),
    passwordHash: text("password_hash"),
    mode: userModeEnum("mode").notNull().default("guest"),
    locale: localeEnum("locale").notNull().default("ru"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    avatarUrl: text("avatar_url"),
    birthDate: date("birth_date"),
    referralCode: text("referral_code").notNull(),
    referredById: integer("referred_by_id"),
    role: userRoleEnum("role").notNull().default("member"),
    /** Blocked by an operator: no sign-in, no session, listings out of the search, until unblocked. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    blockedReason: text("blocked_reason"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_phone_key").on(t.phone),
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_referred_by_idx").on(t.referredById),
  ],
);

/** Rotating refresh tokens; a reused token revokes its whole family. Stored hashed. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash), index("refresh_tokens_family_idx").on(t.familyId)],
);

/** One-time codes for sign-up, reset, phone/email link, unlink and account deletion. Stored hashed. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose").notNull(),
    /** Phone digits or e-mail address the code was sent to. */
    target: text("target").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_target_idx").on(t.target, t.purpose, t.createdAt)],
);

/**
 * The durable outbox of SMS (api/services/messaging/outbox.ts): a row per message, written before
 * anything is sent, so a gateway that is down delays a message and never loses it. The text is
 * sealed (DataCipher) while it waits and erased (NULL) once the gateway took it or it was given
 * up: no readable code stays at rest. The rows stay, without text, for the sending caps and the
 * delivery states.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    /** Sealed text while waiting; NULL once handed over or given up. */
    body: text("body"),
    /** `code` (one-time codes, the sending caps count these) or `booking` (host alerts). */
    kind: text("kind").notNull().default("code"),
    /** Our id, stable across retries: 12 Latin letters and digits (Nikita's message id). */
    messageId: text("message_id").notNull(),
    /** queued → sending → sent → delivered | undelivered; or failed (refused, out of tries) / expired. */
    status: outboxStatusEnum("status").notNull().default(OUTBOX_STATUS.queued),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Not worth sending after this (a code that has expired). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** log, nikita or twilio: who took it, and who is asked for its delivery report. */
    provider: text("provider"),
    providerRef: text("provider_ref"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    reportCheckedAt: timestamp("report_checked_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sms_outbox_phone_idx").on(t.phone, t.createdAt),
    index("sms_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in (${sqlLiterals(OUTBOX_DUE_STATUSES)})`),
    index("sms_outbox_created_idx").on(t.createdAt),
    uniqueIndex("sms_outbox_message_id_key").on(t.messageId),
  ],
);

/** The durable outbox of e-mails: the same life as an SMS row (above). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    /** Sealed plain-text part while waiting; NULL once handed over or given up. */
    body: text("body"),
    /** Sealed HTML part, when the mail has one. */
    html: text("html"),
    /** `code`, or a booking event's kind (api/services/messaging/booking-mail.ts). */
    kind: text("kind").notNull().default("code"),
    unsubscribeUrl: text("unsubscribe_url"),
    messageId: text("message_id").notNull(),
    status: outboxStatusEnum("status").notNull().default(OUTBOX_STATUS.queued),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    provider: text("provider"),
    providerRef: text("provider_ref"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_email_idx").on(t.email, t.createdAt),
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in (${sqlLiterals(OUTBOX_DUE_STATUSES)})`),
    uniqueIndex("email_outbox_message_id_key").on(t.messageId),
  ],
);

/**
 * Booking e-mails a person has turned off, one row per kind (api/services/messaging/booking-mail.ts):
 * the unsubscribe link of each mail and the profile's settings page write here.
 */
export const mailOptOuts = pgTable(
  "mail_opt_outs",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// ── Directory data ──────────────────────────────────────────────────────────────────────────
// Types, subtypes, amenities (parameters) and meals (nutrition) are edited by operators (issue 31,
// decision 0076): a row is retired (`retired_at`), never deleted, so the listings that have it
// keep it and the seed's slugs stay; `edit_version` is the console's edit token.

/** When the operator took an entry out of the wizard's and the filters' choices; null while offered. */
const retiredAt = () => timestamp("retired_at", { withTimezone: true });

export const estateTypes = pgTable("estate_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  icon: text("icon").notNull(),
  kind: estateKindEnum("kind").notNull().default("simple"),
  sortOrder: smallint("sort_order").notNull().default(0),
  retiredAt: retiredAt(),
  editVersion: editVersion(),
});

export const estateSubtypes = pgTable("estate_subtypes", {
  id: serial("id").primaryKey(),
  typeId: integer("type_id").notNull().references(() => estateTypes.id),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  retiredAt: retiredAt(),
  editVersion: editVersion(),
});

export const parameters = pgTable("parameters", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  icon: text("icon").notNull(),
  group: text("group").notNull().default("general"),
  sortOrder: smallint("sort_order").notNull().default(0),
  retiredAt: retiredAt(),
  editVersion: editVersion(),
});

export const nutritionTypes = pgTable("nutrition_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  retiredAt: retiredAt(),
  editVersion: editVersion(),
});

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  iso: text("iso").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  phoneCode: text("phone_code").notNull(),
  /** National number mask, `#` a digit: "### ### ###". */
  mask: text("mask").notNull(),
  flag: text("flag").notNull(),
  sortOrder: smallint("sort_order").notNull().default(100),
});

export const mobileApps = pgTable("mobile_apps", {
  id: serial("id").primaryKey(),
  platform: text("platform").$type<"ios" | "android" | "huawei">().notNull(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  editVersion: editVersion(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const contacts = pgTable("contacts", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<"phone" | "email" | "address" | "whatsapp">().notNull(),
  value: text("value").notNull(),
  label: jsonb("label").$type<Localized>().notNull(),
  editVersion: editVersion(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const socials = pgTable("socials", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<"instagram" | "facebook" | "telegram" | "tiktok" | "youtube">().notNull(),
  url: text("url").notNull(),
  editVersion: editVersion(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const cancelReasons = pgTable("cancel_reasons", {
  id: serial("id").primaryKey(),
  /** Who cancels with this reason: the guest or the host. */
  side: text("side").$type<"guest" | "host">().notNull(),
  /** The kind of cancellation the reason is offered for (SPEC: "requested per type"). */
  type: text("type").notNull().default("cancel"),
  name: jsonb("name").$type<Localized>().notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

// ── Estates ─────────────────────────────────────────────────────────────────────────────────

export const estates = pgTable(
  "estates",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    hostId: integer("host_id").notNull().references(() => users.id),
    /** A unit of a complex points at the complex; a complex and a plain estate have none. */
    parentId: integer("parent_id"),
    typeId: integer("type_id").notNull().references(() => estateTypes.id),
    subtypeId: integer("subtype_id").references(() => estateSubtypes.id),
    status: estateStatusEnum("status").notNull().default(ESTATE_STATUS.draft),
    region: text("region").notNull().default(""),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** Most guests (adults + children) the estate sleeps. */
    capacity: smallint("capacity").notNull(),
    bedCount: smallint("bed_count").notNull(),
    bedroomCount: smallint("bedroom_count").notNull().default(1),
    area: smallint("area"),
    star: smallint("star"),
    /** Average review rating 1–5, kept in step with reviews. */
    rating: real("rating"),
    reviewsCount: integer("reviews_count").notNull().default(0),
    /** Nightly price in som. */
    price: integer("price").notNull(),
    isInstantConfirmation: boolean("is_instant_confirmation").notNull().default(false),
    /** Parameter and nutrition ids, as arrays so "has all of these" is one GIN-indexed `@>`. */
    parameterIds: integer("parameter_ids").array().notNull().default(sql`'{}'::integer[]`),
    nutritionIds: integer("nutrition_ids").array().notNull().default(sql`'{}'::integer[]`),
    minNights: smallint("min_nights").notNull().default(1),
    maxNights: smallint("max_nights").notNull().default(30),
    /**
     * The check-in window (from, until) and the check-out window (from, until): hours of the time
     * slots of SPEC section 3 (contract/stay-terms.ts). `check_in_time` is when the stay starts,
     * `check_out_time` when it ends; the booking lifecycle's automatic changes use them.
     */
    checkInTime: text("check_in_time").notNull().default("14:00"),
    checkInUntil: text("check_in_until").notNull().default("22:00"),
    checkOutFrom: text("check_out_from").notNull().default("07:00"),
    checkOutTime: text("check_out_time").notNull().default("12:00"),
    /** The commission scheme the host agreed to (contract/stay-terms.ts COOPERATION_FORMATS). */
    cooperationFormat: text("cooperation_format").notNull().default("standard"),
    cancellationPolicy: cancellationPolicyEnum("cancellation_policy").notNull().default("moderate"),
    /** Ranking for orderBy=score: quality and freshness, recomputed when reviews change. */
    score: real("score").notNull().default(0),
    /** The listing wizard's progress for drafts: the last completed step. */
    wizardStep: text("wizard_step"),
    /** Every wizard step saved so far (contract/listing-steps.ts): what is left before publishing. */
    wizardDone: text("wizard_done").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Each saved step's values as its form sent them, so a step reopened days later shows what was
     * typed; the columns above hold what guests and the search read.
     */
    wizardData: jsonb("wizard_data").$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    /** Nightly price on Friday and Saturday nights; null: the nightly price. */
    weekendPrice: integer("weekend_price"),
    /** Fees and long-stay discounts (contract/stay-price.ts): once per stay; per night for each guest above `extra_guests_above`; percent off 7+ and 28+ nights. */
    cleaningFee: integer("cleaning_fee").notNull().default(0),
    extraGuestFee: integer("extra_guest_fee").notNull().default(0),
    extraGuestsAbove: smallint("extra_guests_above").notNull().default(1),
    weeklyDiscount: smallint("weekly_discount").notNull().default(0),
    monthlyDiscount: smallint("monthly_discount").notNull().default(0),
    /** The first date the listing can be booked (the wizard's start step). */
    availableFrom: date("available_from"),
    /** Availability rules (contract/availability-rules.ts): advance notice in days, the same-day cut-off hour, nights kept free around stays, how many months ahead. */
    advanceNoticeDays: smallint("advance_notice_days").notNull().default(0),
    sameDayUntilHour: smallint("same_day_until_hour"),
    preparationNights: smallint("preparation_nights").notNull().default(0),
    bookingWindowMonths: smallint("booking_window_months"),
    /**
     * Lower-cased title, city and address (in `estate_texts`) in every language: the words the
     * location search matches (the search index splits it, api/services/search/). Kept by a
     * trigger on `estate_texts` with `estate_search_text()` (migration 0004); a bulk load that
     * skips triggers writes it itself.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * Moderation with LISTING_REVIEW=on (docs/decisions/0074-listing-review-and-moderation.md): `pending` waits for an operator's
     * approval (the status stays draft or archived, so guests do not see it), `rejected` carries
     * the operator's reason for the host to fix; null once approved, or without review.
     */
    reviewState: listingReviewStateEnum("review_state"),
    reviewReason: text("review_reason"),
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("estates_slug_key").on(t.slug),
    index("estates_host_idx").on(t.hostId),
    index("estates_parent_idx").on(t.parentId),
    index("estates_type_idx").on(t.typeId, t.subtypeId),
    index("estates_score_idx").on(t.score.desc().nullsFirst(), t.id),
    index("estates_price_idx").on(t.price, t.id),
    index("estates_created_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("estates_rating_idx").on(t.rating.desc().nullsFirst(), t.id),
    index("estates_lat_lng_idx").on(t.lat, t.lng),
    // The search no longer reads the indexes below (it answers from its in-memory index,
    // decision 0011); they still cost every estate write. Dropping them is a follow-up.
    /** Nearest-first walks of the map (ORDER BY point <-> centre), over what guests see. */
    index("estates_point_gist")
      .using("gist", sql`point(${t.lng}, ${t.lat})`)
      .where(sql`${t.status} = ${sqlLiteral(ESTATE_STATUS.published)} AND ${t.parentId} IS NULL`),
    /** Stars are set on hotels only: a filter on them reads these few rows, not the table. */
    index("estates_star_idx").on(t.star).where(sql`${t.star} IS NOT NULL`),
    index("estates_parameters_gin").using("gin", t.parameterIds),
    index("estates_nutrition_gin").using("gin", t.nutritionIds),
    index("estates_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Every change of a listing's status or review state, written by a trigger on `estates`
 * (migration 0022) so no path that changes it (host, operator, blocking) can forget it; `actor`
 * is the transaction's `konok.actor` setting, which the operator's code sets, or `host`.
 */
export const estateStatusEvents = pgTable(
  "estate_status_events",
  {
    id: serial("id").primaryKey(),
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<EstateStatus>(),
    toStatus: text("to_status").$type<EstateStatus>().notNull(),
    reviewState: text("review_state").$type<ListingReviewState>(),
    actor: text("actor").notNull().default("host"),
    createdAt: createdAt(),
  },
  (t) => [index("estate_status_events_estate_idx").on(t.estateId, t.id)],
);

/**
 * An estate's text in every language: what cards and the estate page show, kept out of `estates`
 * so that the search reads narrow rows (docs/decisions/0007-narrow-estates-for-search.md). One row
 * per estate; `estates.search_text` follows title, city and address.
 */
export const estateTexts = pgTable("estate_texts", {
  estateId: integer("estate_id")
    .primaryKey()
    .references(() => estates.id, { onDelete: "cascade" }),
  title: jsonb("title").$type<Localized>().notNull(),
  city: jsonb("city").$type<Localized>().notNull(),
  address: jsonb("address").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull().default({ ru: "", en: "", ky: "" }),
  houseRules: jsonb("house_rules").$type<Localized>().notNull().default({ ru: "", en: "", ky: "" }),
});

/**
 * The words of listed estates' `search_text` and how many listed estates have each: where a
 * misspelt location word finds its spellings. Kept by a trigger on `estates` (migration 0004);
 * a bulk load that skips triggers rebuilds it.
 */
export const estateWords = pgTable(
  "estate_words",
  {
    word: text("word").primaryKey(),
    estates: integer("estates").notNull(),
  },
  (t) => [index("estate_words_trgm").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/**
 * Which estates changed, for the search index each API process keeps in memory (see
 * api/services/search-index.ts): triggers on estates, bookings and blocked dates write a row per
 * change, with the writing transaction's id, so a process reads what changed since it last looked.
 * A null estate means "reload everything" (a bulk load that skips triggers). Rows older than an
 * hour are pruned.
 */
export const searchChanges = pgTable(
  "search_changes",
  {
    xid: bigint("xid", { mode: "number" }).notNull().default(sql`pg_current_xact_id()::text::bigint`),
    estateId: integer("estate_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_changes_xid_idx").on(t.xid), index("search_changes_at_idx").on(t.at)],
);

export const estatePhotos = pgTable(
  "estate_photos",
  {
    id: serial("id").primaryKey(),
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    /** Storage key without size suffix; variants are `${key}-${width}.webp`. */
    key: text("key").notNull(),
    width: smallint("width").notNull(),
    height: smallint("height").notNull(),
    /** Widths of the stored WebP variants, ascending. */
    variants: integer("variants").array().notNull(),
    alt: jsonb("alt").$type<Localized>().notNull().default({ ru: "", en: "", ky: "" }),
    sortOrder: smallint("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("estate_photos_estate_idx").on(t.estateId, t.sortOrder)],
);

/** A host's price for one night, overriding the estate's nightly price. */
export const estatePrices = pgTable(
  "estate_prices",
  {
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    price: integer("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.date] })],
);

/**
 * A host's minimum stay for stays that begin on a date (the calendar's optional "minimum stay per
 * range"); dates without a row use the estate's `min_nights`.
 */
export const estateMinStays = pgTable(
  "estate_min_stays",
  {
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    minNights: smallint("min_nights").notNull(),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.date] })],
);

/** Nights a host closed on the calendar. */
export const estateBlockedDates = pgTable(
  "estate_blocked_dates",
  {
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    /** Set when the night comes from an imported calendar: the sync owns it, the host's unblock does not touch it. */
    importId: integer("import_id").references(() => calendarImports.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.estateId, t.date] }), index("estate_blocked_dates_date_idx").on(t.date), index("estate_blocked_dates_import_idx").on(t.importId)],
);

/**
 * The private address of an estate's calendar feed (`/api/v1/calendar/{token}.ics`), which
 * Airbnb, Booking.com and others import. A new token revokes the old address.
 */
export const calendarExports = pgTable(
  "calendar_exports",
  {
    estateId: integer("estate_id")
      .primaryKey()
      .references(() => estates.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_exports_token_key").on(t.token)],
);

/** One imported calendar (an .ics address from Airbnb, Booking.com…) of an estate, and its last sync. */
export const calendarImports = pgTable(
  "calendar_imports",
  {
    id: serial("id").primaryKey(),
    estateId: integer("estate_id")
      .notNull()
      .references(() => estates.id, { onDelete: "cascade" }),
    /** The host's name for it ("Airbnb"); shown as the source of its nights. */
    name: text("name").notNull(),
    url: text("url").notNull(),
    /** The last good import's stays, [start, end) dates with their summary: what conflicts are read from. */
    events: jsonb("events").$type<{ start: string; end: string; summary: string }[]>().notNull().default([]),
    /** Nights of this feed that fell on Konok bookings at the last sync (the host has been told of these). */
    conflicts: jsonb("conflicts").$type<string[]>().notNull().default([]),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Why the last attempt was refused (a message key of contract/calendar-sync.ts), null after a good one. */
    lastError: text("last_error"),
    lastErrorDetail: text("last_error_detail"),
    /** When a sync process should fetch it next; claimed by moving it forward. */
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_imports_estate_idx").on(t.estateId), index("calendar_imports_next_idx").on(t.nextSyncAt)],
);

// ── Bookings ────────────────────────────────────────────────────────────────────────────────

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    estateId: integer("estate_id").notNull().references(() => estates.id),
    /** Null once the guest deleted the account: the booking stays, anonymised. */
    guestId: integer("guest_id").references(() => users.id, { onDelete: "set null" }),
    hostId: integer("host_id").notNull().references(() => users.id),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    adultCount: smallint("adult_count").notNull(),
    childrenCount: smallint("children_count").notNull().default(0),
    status: bookingStatusEnum("status").notNull(),
    /** Holds the dates: true for the four active statuses. Drives the exclusion constraint. */
    active: boolean("active")
      .notNull()
      // A generated column's expression cannot take parameters: the contract's list is written in as literals.
      .generatedAlwaysAs(sql`status in (${sqlLiterals(ACTIVE_BOOKING_STATUSES)})`),
    nights: smallint("nights").notNull(),
    /** Frozen at creation: total in som and the per-night lines it came from. */
    totalPrice: integer("total_price").notNull(),
    priceLines: jsonb("price_lines").$type<{ date: string; price: number }[]>().notNull(),
    /** Frozen at creation: the whole breakdown (fees, discount; contract/stay-price.ts). Null for bookings made before fees existed: their lines and total are all. */
    priceBreakdown: jsonb("price_breakdown").$type<StayBreakdown>(),
    comment: text("comment").notNull().default(""),
    /** The time slot the guest means to arrive in (contract/stay-terms.ts), inside the check-in window. */
    arrivalSlot: text("arrival_slot"),
    /** Konok's commission, frozen from the estate's cooperation format when the booking was made. */
    commissionPercent: smallint("commission_percent").notNull().default(12),
    cancelReasonId: integer("cancel_reason_id").references(() => cancelReasons.id),
    cancelComment: text("cancel_comment"),
    refundAmount: integer("refund_amount"),
    /** The next deadline the sweeper applies, and what happens then. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    deadlineAction: text("deadline_action"),
    warnAt: timestamp("warn_at", { withTimezone: true }),
    warnedAt: timestamp("warned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_guest_idx").on(t.guestId, t.createdAt),
    index("bookings_host_idx").on(t.hostId, t.createdAt),
    // A tab of the host's bookings (a few statuses), newest first: without it a page of 13
    // requests read all of the demo host's 983 bookings to filter them (issue 33).
    index("bookings_host_status_idx").on(t.hostId, t.status, t.createdAt),
    index("bookings_estate_dates_idx").on(t.estateId, t.checkIn, t.checkOut),
    index("bookings_deadline_idx").on(t.deadlineAt),
  ],
);

/** Every status change of a booking, for its timeline. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id").notNull().references(() => bookings.id, { onDelete: "cascade" }),
    fromStatus: bookingStatusEnum("from_status"),
    toStatus: bookingStatusEnum("to_status").notNull(),
    actor: text("actor").$type<"guest" | "host" | "system" | "payment" | "operator">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.createdAt)],
);

/** Payments and refunds through the payment provider. */
export const transactions = pgTable(
  "transactions",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id").notNull().references(() => bookings.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: transactionKindEnum("kind").notNull(),
    amount: integer("amount").notNull(),
    /**
     * A payment: pending until the gateway's result, then Success or Cancelled. A refund: pending
     * until the gateway took it (retried meanwhile: `next_attempt_at`), then Success.
     */
    status: transactionStatusEnum("status").notNull().default(TRANSACTION_STATUS.pending),
    provider: text("provider").notNull(),
    /** Our reference: a payment's order id at the gateway (pg_order_id); a refund's, the gateway's reference once it took it. */
    providerRef: text("provider_ref").notNull(),
    /** The payer's language, so the gateway's return lands on the result page in it. */
    locale: localeEnum("locale").notNull().default("ru"),
    /** The gateway's own id of the payment (Freedom Pay's pg_payment_id), which its status and refund calls name. */
    gatewayPaymentId: text("gateway_payment_id"),
    /** A refund's payment. */
    refundOf: integer("refund_of"),
    /** What we answered the gateway's result call (ok / rejected), so a repeated call gets the same answer. */
    resultAnswer: text("result_answer"),
    /** A refund the gateway has not taken yet: tries so far, when to try again, and why the last one failed. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("transactions_provider_ref_key").on(t.provider, t.providerRef),
    index("transactions_user_idx").on(t.userId, t.createdAt),
    index("transactions_retry_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} IS NOT NULL`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    locale: localeEnum("locale").notNull().default("ru"),
    /** Hidden by an operator (the author is told why); the rating leaves the estate's average. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    /**
     * When anyone but its author may read it (double-blind, docs/bookings.md): the moment the host
     * reviewed the guest too, else the end of the review window. Until then the host, the estate's
     * page and its rating do not see it.
     */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Whether the estate's rating and count include it yet: a review published by time is added by the sweeper. */
    inRating: boolean("in_rating").notNull().default(true),
    /** The host's one public answer, shown under the review. */
    replyText: text("reply_text"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_estate_idx").on(t.estateId, t.createdAt),
    uniqueIndex("reviews_booking_key").on(t.bookingId),
    index("reviews_unrated_idx").on(t.publishedAt).where(sql`NOT ${t.inRating}`),
  ],
);

/**
 * A host's review of a guest after a stay (the other direction of `reviews`): stars and text, read
 * by later hosts on the guest's requests and profile. Double-blind like `reviews` (`publishedAt`).
 */
export const guestReviews = pgTable(
  "guest_reviews",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The guest reviewed. */
    guestId: integer("guest_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The host's first name as it was, shown with the review. */
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    locale: localeEnum("locale").notNull().default("ru"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("guest_reviews_booking_key").on(t.bookingId), index("guest_reviews_guest_idx").on(t.guestId, t.publishedAt)],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    estateId: integer("estate_id").notNull().references(() => estates.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.estateId] })],
);

// ── Chat and notifications ──────────────────────────────────────────────────────────────────

export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    estateId: integer("estate_id").notNull().references(() => estates.id),
    guestId: integer("guest_id").references(() => users.id, { onDelete: "set null" }),
    hostId: integer("host_id").notNull().references(() => users.id),
    bookingId: integer("booking_id").references(() => bookings.id),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("chats_guest_idx").on(t.guestId, t.lastMessageAt),
    index("chats_host_idx").on(t.hostId, t.lastMessageAt),
    // One conversation per booking, and one inquiry per guest and estate (two tabs cannot open two).
    uniqueIndex("chats_booking_key").on(t.bookingId),
    uniqueIndex("chats_inquiry_key").on(t.estateId, t.guestId).where(sql`${t.bookingId} is null`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    chatId: integer("chat_id").notNull().references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.createdAt)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    estateId: integer("estate_id").references(() => estates.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the realtime channel announced it; null rows are the outbox the pusher drains (docs/decisions/0024). */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt), index("notifications_unpushed_idx").on(t.id).where(sql`${t.pushedAt} is null`)],
);

// ── Content ─────────────────────────────────────────────────────────────────────────────────

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    /** Section of /articles/{type}/{slug}: "guide", "news", "hosts". */
    type: text("type").notNull(),
    slug: text("slug").notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    summary: jsonb("summary").$type<Localized>().notNull(),
    body: jsonb("body").$type<Localized>().notNull(),
    coverKey: text("cover_key"),
    /** Region of the estates shown under the article (estates.region: "issyk-kul", "naryn"…). */
    region: text("region"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    editVersion: editVersion(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("articles_type_slug_key").on(t.type, t.slug), index("articles_published_idx").on(t.publishedAt)],
);

/** Terms of use and the privacy policy: every version is kept, the newest effective one is shown. */
export const legalDocuments = pgTable(
  "legal_documents",
  {
    id: serial("id").primaryKey(),
    /** "terms" or "privacy". */
    kind: text("kind").notNull(),
    version: text("version").notNull(),
    effectiveFrom: date("effective_from").notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    body: jsonb("body").$type<Localized>().notNull(),
    editVersion: editVersion(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("legal_documents_kind_version_key").on(t.kind, t.version)],
);

/** Promo landing pages (/promo_raduga): an offer, the estates it covers, its validity dates. */
export const promos = pgTable(
  "promos",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: jsonb("title").$type<Localized>().notNull(),
    summary: jsonb("summary").$type<Localized>().notNull(),
    body: jsonb("body").$type<Localized>().notNull(),
    terms: jsonb("terms").$type<Localized>().notNull(),
    coverKey: text("cover_key"),
    /** Percentage off the nightly price the partners give under the offer. */
    discountPercent: smallint("discount_percent").notNull().default(0),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    estateIds: integer("estate_ids").array().notNull().default(sql`'{}'::integer[]`),
    editVersion: editVersion(),
    createdAt: createdAt(),
  },
);

/**
 * The questions of /faq, by audience, in the order shown; each answer's anchor (`/faq#cancel`) is
 * its `anchor`. Seeded from api/seed/content/faq.ts where missing, then edited in the console.
 */
export const faqItems = pgTable("faq_items", {
  id: serial("id").primaryKey(),
  /** Whose questions: "guests" or "hosts" (contract/content.ts FAQ_AUDIENCES). */
  audience: text("audience").notNull(),
  anchor: text("anchor").notNull().unique(),
  question: jsonb("question").$type<Localized>().notNull(),
  answer: jsonb("answer").$type<Localized>().notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  editVersion: editVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Redirects consulted for every page path before the route (SPEC section 2, server-side routing check). */
export const routeRules = pgTable("route_rules", {
  id: serial("id").primaryKey(),
  /** A page path without locale prefix or query: `/old-page`. */
  path: text("path").notNull().unique(),
  /** A Konok path (`/estates`) or an absolute `https://` URL. */
  target: text("target").notNull(),
  status: smallint("status").notNull().default(301),
  editVersion: editVersion(),
  /**
   * When an operator removed it: the row stays so the start-up seed (route-rules.json), which
   * inserts only paths it has never seen, does not bring a removed rule back.
   */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Operators ───────────────────────────────────────────────────────────────────────────────

/**
 * Every operator action, kept: who, what, on which object, the object's fields before and after,
 * and the reason given. Written in the same transaction as the change it describes, so the log
 * never claims what did not happen nor misses what did.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** The operator; null for the `npm run operator` command, which acts from the server's shell. */
    operatorId: integer("operator_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done, as `area.verb` (user.block, booking.cancel, operator.create…). */
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_object_idx").on(t.objectType, t.objectId), index("audit_log_operator_idx").on(t.operatorId, t.createdAt)],
);

/**
 * What Konok owes hosts (docs/bookings.md, "Host payouts"): one `stay` line per paid booking,
 * written when the payment is applied, with the commission frozen on the booking and the host's
 * share; reduced by a refund while it is unpaid, or answered by a negative `refund` line when the
 * refund comes after the stay was paid out. A line joins one batch once (`batch_id` is set only
 * where it is null), so it is never paid twice.
 */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: serial("id").primaryKey(),
    hostId: integer("host_id").notNull().references(() => users.id),
    /** The sum of its lines' host shares, in som. */
    amount: integer("amount").notNull(),
    /** `bank_transfer`: a list the operator pays by hand; `freedompay`: sent through the gateway's payout API. */
    method: text("method").$type<"bank_transfer" | "freedompay">().notNull().default("bank_transfer"),
    status: text("status").$type<"open" | "paid">().notNull().default("open"),
    /** The run's "until" date: lines payable by the end of that day (Asia/Bishkek). */
    until: date("until").notNull(),
    /** The host's payout details when the batch was made (recipient and account, the account still sealed). */
    details: jsonb("details").$type<{ recipient: string; account: string; bank: string } | null>(),
    /** The operator's or the gateway's reference of the transfer. */
    reference: text("reference"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [index("payout_batches_host_idx").on(t.hostId, t.createdAt)],
);

export const payoutLines = pgTable(
  "payout_lines",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id").notNull().references(() => bookings.id),
    hostId: integer("host_id").notNull().references(() => users.id),
    kind: text("kind").$type<"stay" | "refund">().notNull().default("stay"),
    /** What the guest paid (a `refund` line: 0). */
    paid: integer("paid").notNull(),
    /** What went back to the guest and is no longer the host's to share. */
    refunded: integer("refunded").notNull().default(0),
    commissionPercent: integer("commission_percent").notNull(),
    commission: integer("commission").notNull(),
    /** What the host gets of this line (negative on a `refund` line). */
    hostShare: integer("host_share").notNull(),
    payableAt: timestamp("payable_at", { withTimezone: true }).notNull(),
    batchId: integer("batch_id").references(() => payoutBatches.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payout_lines_booking_kind_key").on(t.bookingId, t.kind), index("payout_lines_host_idx").on(t.hostId, t.payableAt)],
);
