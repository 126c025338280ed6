/**
 * A host's listings through the wizard: create a draft, save one step at a time, publish,
 * unpublish, duplicate, delete a draft. Every write goes to `estates` (and `estate_texts`), whose
 * triggers log the change for the search (migration 0005), so a published listing is found by the
 * next search and an unpublished one is gone from it.
 */
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { LOCALES, type Localized, type Locale } from "../../../contract/common";
import {
  firstUnfinishedStep,
  hasSchema,
  hasStep,
  isFormStep,
  maskTail,
  missingRequiredSteps,
  requiredStepsOf,
  sectionOf,
  stepsOf,
  type FormStepId,
  type Listing,
  type ListingKind,
  type ListingStatus,
  type StepId,
  type StepValues,
} from "../../../contract/listing-steps";
import { NO_FEES } from "../../../contract/stay-price";
import { stepTitle } from "../../../contract/listing-text";
import type { Db } from "../../db/client";
import { estatePhotos, estates, estateSubtypes, estateTexts, estateTypes, nutritionTypes, parameters } from "../../db/schema";
import type { Presentation } from "../../lib/context";
import type { DataCipher } from "../../lib/data-cipher";
import { fieldError, HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { PLACES } from "../../seed/places";
import { toPhoto } from "../photos";
import { houseRulesText } from "./house-rules-text";
import { ESTATE_STATUS } from "../../../contract/estate-statuses";
import { sqlLiteral } from "../../lib/sql";

const EMPTY: Localized = { ru: "", en: "", ky: "" };
const BISHKEK = PLACES[0];

type EstateRow = typeof estates.$inferSelect;
export type OwnListing = EstateRow & { kind: ListingKind };


/** The host's own listing, or 404 for anyone else: another host's object does not exist for them. */
export async function findOwnListing(db: Db, rawId: string, hostId: number): Promise<OwnListing> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  if (id === null) throw notFound("listingNotFound");
  const [row] = await db
    .select({ estate: estates, kind: estateTypes.kind })
    .from(estates)
    .innerJoin(estateTypes, eq(estateTypes.id, estates.typeId))
    .where(and(eq(estates.id, id), eq(estates.hostId, hostId)));
  if (!row) throw notFound("listingNotFound");
  return { ...row.estate, kind: row.kind };
}

/** A listing that has never been published is a draft; one taken down is "unpublished" (stored as archived). */
const statusOf = (row: EstateRow): ListingStatus => (row.status === "published" ? "published" : row.status === "archived" ? "unpublished" : "draft");

/** Steps done: what was saved, with the photo step following whether there is a photo at all. */
function doneSteps(row: EstateRow, photoCount: number): string[] {
  const done = new Set(row.wizardDone.filter((s) => s !== "photo"));
  if (photoCount > 0) done.add("photo");
  return [...done];
}

/** The landlord_data fields kept encrypted at rest (lib/data-cipher.ts). */
const SEALED_FIELDS = ["taxId", "payoutAccount"] as const;

/** A sealed value in the clear; one the key cannot open (DATA_ENCRYPTION_KEY changed) reads as unknown, for the host to type again. */
function readSealed(cipher: DataCipher, stored: unknown): string {
  try {
    return cipher.open(String(stored ?? ""));
  } catch {
    return "";
  }
}

/** Values as the forms show them; payout details and the tax id only masked, never in full. */
function visibleValues(row: EstateRow, cipher: DataCipher): Listing["values"] {
  const values = structuredClone(row.wizardData) as Listing["values"];
  const landlord = values.landlord_data;
  if (landlord) {
    const masked = { ...landlord };
    for (const field of SEALED_FIELDS) masked[field] = maskTail(readSealed(cipher, landlord[field]));
    values.landlord_data = masked;
  }
  return values;
}

export async function presentListings(db: Db, rows: OwnListing[], view: Presentation, cipher: DataCipher): Promise<Listing[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const parentIds = rows.map((r) => r.parentId).filter((id): id is number => id !== null);
  const complexIds = rows.filter((r) => r.kind === "complex").map((r) => r.id);
  const [texts, photos, parentTexts, units] = await Promise.all([
    db.select().from(estateTexts).where(inArray(estateTexts.estateId, ids)),
    db.select().from(estatePhotos).where(inArray(estatePhotos.estateId, ids)).orderBy(asc(estatePhotos.sortOrder), asc(estatePhotos.id)),
    parentIds.length ? db.select().from(estateTexts).where(inArray(estateTexts.estateId, parentIds)) : Promise.resolve([]),
    complexIds.length
      ? db
          .select({ parentId: estates.parentId, n: sql<number>`count(*)::int` })
          .from(estates)
          .where(and(inArray(estates.parentId, complexIds), eq(estates.status, "published")))
          .groupBy(estates.parentId)
      : Promise.resolve([]),
  ]);
  const publishedUnits = new Map(units.map((u) => [u.parentId, u.n]));
  const textOf = new Map(texts.map((t) => [t.estateId, t]));
  const parentTitle = new Map(parentTexts.map((t) => [t.estateId, localize(t.title, view.locale)]));
  return rows.map((row) => {
    const title = localize(textOf.get(row.id)?.title, view.locale);
    const own = photos
      .filter((p) => p.estateId === row.id)
      .map((p) => {
        const photo = toPhoto({ ...p, estate_id: p.estateId }, title, view);
        return { id: photo.id, url: photo.url, srcset: photo.srcset, width: photo.width, height: photo.height };
      });
    const done = doneSteps(row, own.length);
    const required = requiredStepsOf(row.kind);
    return {
      id: row.id,
      slug: row.slug,
      kind: row.kind,
      status: statusOf(row),
      typeId: row.typeId,
      parentId: row.parentId,
      parentTitle: row.parentId !== null ? (parentTitle.get(row.parentId) ?? null) : null,
      title,
      cover: own[0] ?? null,
      photos: own,
      steps: stepsOf(row.kind).map((step) => ({ step, section: sectionOf(row.kind, step), done: done.includes(step), required: required.includes(step) })),
      values: visibleValues(row, cipher),
      doneCount: required.filter((s) => done.includes(s)).length,
      requiredCount: required.length,
      missing: missingRequiredSteps(row.kind, done),
      resumeStep: firstUnfinishedStep(row.kind, done),
      price: row.price,
      publishedUnits: publishedUnits.get(row.id) ?? 0,
      updatedAt: row.updatedAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      review: row.reviewState ? { state: row.reviewState, reason: row.reviewReason } : null,
    };
  });
}

export async function presentListing(db: Db, row: OwnListing, view: Presentation, cipher: DataCipher): Promise<Listing> {
  const [listing] = await presentListings(db, [row], view, cipher);
  return listing;
}

export async function listOwnListings(db: Db, hostId: number): Promise<OwnListing[]> {
  const rows = await db
    .select({ estate: estates, kind: estateTypes.kind })
    .from(estates)
    .innerJoin(estateTypes, eq(estateTypes.id, estates.typeId))
    .where(eq(estates.hostId, hostId))
    .orderBy(sql`${estates.updatedAt} DESC`, sql`${estates.id} DESC`)
    .limit(500);
  return rows.map((r) => ({ ...r.estate, kind: r.kind }));
}

/** The stored status each of the host's filter values stands for (statusOf read backwards). */
const STORED_STATUS = { draft: "draft", published: "published", unpublished: "archived" } as const;

/**
 * One page of the host's listings for /host/objects: words match the title, town and address in
 * any language (`search_text`, kept by a trigger for drafts too), a number matches the listing's
 * id; newest change first. `counts` are per status for the same words and kind.
 */
export async function searchOwnListings(
  db: Db,
  hostId: number,
  query: { q?: string; status?: ListingStatus; kind?: ListingKind; page: number; perPage: number },
): Promise<{ rows: OwnListing[]; total: number; counts: Record<"all" | ListingStatus, number> }> {
  const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const matches = words.map((word) => {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return /^\d{1,9}$/.test(word) ? or(sql`${estates.searchText} LIKE ${like}`, eq(estates.id, Number(word))) : sql`${estates.searchText} LIKE ${like}`;
  });
  const base = and(eq(estates.hostId, hostId), query.kind ? eq(estateTypes.kind, query.kind) : undefined, ...matches);
  const perStatus = await db
    .select({ status: estates.status, n: sql<number>`count(*)::int` })
    .from(estates)
    .innerJoin(estateTypes, eq(estateTypes.id, estates.typeId))
    .where(base)
    .groupBy(estates.status);
  const countOf = (stored: string) => perStatus.find((r) => r.status === stored)?.n ?? 0;
  const counts = {
    draft: countOf("draft"),
    published: countOf("published"),
    unpublished: countOf("archived"),
    all: perStatus.reduce((sum, r) => sum + r.n, 0),
  };
  const rows = await db
    .select({ estate: estates, kind: estateTypes.kind })
    .from(estates)
    .innerJoin(estateTypes, eq(estateTypes.id, estates.typeId))
    .where(and(base, query.status ? eq(estates.status, STORED_STATUS[query.status]) : undefined))
    .orderBy(sql`${estates.updatedAt} DESC`, sql`${estates.id} DESC`)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows: rows.map((r) => ({ ...r.estate, kind: r.kind })), total: query.status ? counts[query.status] : counts.all, counts };
}

const placeKey = (text: string) => text.trim().toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ");

/** A place of the known list by its slug or its name in any language ("Каракол", "karakol"), or null. */
export function knownPlace(typed: string) {
  const key = placeKey(typed);
  return PLACES.find((p) => p.slug === key || LOCALES.some((l) => placeKey(p.name[l]) === key)) ?? null;
}

const draftSlug = () => `draft-${crypto.randomBytes(6).toString("hex")}`;

/** A new draft of the kind. Its type is the kind's first until the type step says which. */
export async function createListing(db: Db, hostId: number, input: { kind: ListingKind; parentId?: number }): Promise<OwnListing> {
  let parent: OwnListing | null = null;
  if (input.kind === "complex.simple") {
    if (!input.parentId) throw fieldError("parentId", "parentRequired");
    parent = await findOwnListing(db, String(input.parentId), hostId);
    if (parent.kind !== "complex") throw fieldError("parentId", "parentRequired");
  }
  const [firstType] = await db.select().from(estateTypes).where(and(eq(estateTypes.kind, input.kind), isNull(estateTypes.retiredAt))).orderBy(asc(estateTypes.sortOrder), asc(estateTypes.id)).limit(1);
  if (!firstType) throw fieldError("kind", "typeKind");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(estates)
      .values({
        slug: draftSlug(),
        hostId,
        parentId: parent?.id ?? null,
        typeId: firstType.id,
        status: "draft",
        region: parent?.region ?? "",
        lat: parent?.lat ?? BISHKEK.lat,
        lng: parent?.lng ?? BISHKEK.lng,
        capacity: 1,
        bedCount: 1,
        price: 0,
      })
      .returning();
    const parentTexts = parent ? (await tx.select().from(estateTexts).where(eq(estateTexts.estateId, parent.id)))[0] : undefined;
    await tx.insert(estateTexts).values({ estateId: row.id, title: EMPTY, city: parentTexts?.city ?? EMPTY, address: parentTexts?.address ?? EMPTY });
    return { ...row, kind: input.kind };
  });
}

/** Text typed in some languages, shown in all: an empty language shows the host's own text. */
function fillLanguages(values: Record<Locale, string>): Localized {
  const any = values.ru || values.en || values.ky;
  return { ru: values.ru || any, en: values.en || any, ky: values.ky || any };
}

/**
 * Every id is an entry of the table, and one still offered unless the listing already had it: an
 * entry the operator retired stays on the listings that have it (decision 0076), nobody adds it anew.
 */
async function checkIdsExist(db: Db, table: typeof parameters | typeof nutritionTypes, ids: number[], had: readonly number[], field: string) {
  if (ids.length === 0) return;
  const found = await db.select({ id: table.id, retiredAt: table.retiredAt }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(field, "unknownParameter");
  if (found.some((r) => r.retiredAt && !had.includes(r.id))) throw fieldError(field, "retiredChoice");
}

/**
 * Saves one step, its input validated by the route with the step's schema in contract/listing-steps.ts
 * (the web form's own): checks what needs the database (the type fits the kind, the place is
 * known), and writes it: the columns guests and the search read, the form's values for reopening
 * the step, and the step as done.
 */
export async function saveStep(db: Db, listing: OwnListing, step: StepId, input: StepValues<FormStepId>, cipher: DataCipher, options: { review?: boolean } = {}): Promise<OwnListing> {
  if (!hasStep(listing.kind, step)) throw new HttpError(404, "stepNotInKind");
  const done = new Set(listing.wizardDone);
  const columns: Partial<typeof estates.$inferInsert> = {};
  const texts: Partial<typeof estateTexts.$inferInsert> = {};
  let values: Record<string, unknown> | null = null;

  if (step === "photo") {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(estatePhotos).where(eq(estatePhotos.estateId, listing.id));
    if (n === 0) throw fieldError("photos", "photoNeeded");
  } else if (hasSchema(step)) {
    const parsed = input as Record<string, unknown>;
    values = parsed;
    switch (step) {
      case "type": {
        const v = parsed as { typeId: number; subtypeId?: number };
        const [type] = await db.select().from(estateTypes).where(eq(estateTypes.id, v.typeId));
        if (!type || type.kind !== listing.kind) throw fieldError("typeId", "typeKind");
        if (type.retiredAt && type.id !== listing.typeId) throw fieldError("typeId", "retiredChoice");
        if (v.subtypeId !== undefined) {
          const [sub] = await db.select().from(estateSubtypes).where(eq(estateSubtypes.id, v.subtypeId));
          if (!sub) throw fieldError("subtypeId", "choose");
          if (sub.retiredAt && sub.id !== listing.subtypeId) throw fieldError("subtypeId", "retiredChoice");
          // Without JavaScript the list shows every type's subtypes: say which does not fit which.
          if (sub.typeId !== type.id) throw fieldError("subtypeId", "subtypeOfType", { subtype: sub.name, type: type.name });
        }
        Object.assign(columns, { typeId: type.id, subtypeId: v.subtypeId ?? null });
        break;
      }
      case "title": {
        const v = parsed as Record<string, string>;
        texts.title = fillLanguages({ ru: v.title_ru, en: v.title_en, ky: v.title_ky });
        break;
      }
      case "description": {
        const v = parsed as Record<string, string>;
        texts.description = fillLanguages({ ru: v.description_ru, en: v.description_en, ky: v.description_ky });
        break;
      }
      case "address": {
        const v = parsed as { place: string; street: string; house: string; lat?: number; lng?: number };
        // A town the demo knows keeps its names in three languages, its region and its centre as
        // the point; any other settlement is written as the host typed it and needs its point.
        const place = knownPlace(v.place);
        if (!place && (v.lat === undefined || v.lng === undefined)) throw fieldError("place", "placeNeedsPoint", { place: v.place });
        const line = `${v.street}, ${v.house}`;
        Object.assign(columns, { region: place?.region ?? "", lat: v.lat ?? place?.lat, lng: v.lng ?? place?.lng });
        texts.city = place?.name ?? { ru: v.place, en: v.place, ky: v.place };
        texts.address = { ru: line, en: line, ky: line };
        values = { ...parsed, place: place?.slug ?? v.place };
        break;
      }
      case "capacity": {
        const v = parsed as { guests: number; bedrooms: number; beds: number };
        Object.assign(columns, { capacity: v.guests, bedroomCount: v.bedrooms, bedCount: v.beds });
        break;
      }
      case "parameters":
      case "complex_parameters": {
        const v = parsed as { parameterIds: number[]; nutritionIds?: number[] };
        await checkIdsExist(db, parameters, v.parameterIds, listing.parameterIds, "parameterIds");
        if (v.nutritionIds) await checkIdsExist(db, nutritionTypes, v.nutritionIds, listing.nutritionIds, "nutritionIds");
        const other = (listing.wizardData[step === "parameters" ? "complex_parameters" : "parameters"]?.parameterIds as number[] | undefined) ?? [];
        columns.parameterIds = [...new Set([...v.parameterIds, ...other])].sort((a, b) => a - b);
        if (v.nutritionIds) columns.nutritionIds = [...new Set(v.nutritionIds)];
        break;
      }
      case "price": {
        const v = parsed as StepValues<"price">;
        Object.assign(columns, {
          price: v.price,
          weekendPrice: v.weekendPrice ?? null,
          minNights: v.minNights,
          maxNights: v.maxNights,
          // An empty fee or discount is none (contract/stay-price.ts NO_FEES).
          cleaningFee: v.cleaningFee ?? NO_FEES.cleaningFee,
          extraGuestFee: v.extraGuestFee ?? NO_FEES.extraGuestFee,
          extraGuestsAbove: v.extraGuestsAbove ?? NO_FEES.extraGuestsAbove,
          weeklyDiscount: v.weeklyDiscount ?? NO_FEES.weeklyDiscount,
          monthlyDiscount: v.monthlyDiscount ?? NO_FEES.monthlyDiscount,
        });
        break;
      }
      case "house_rules": {
        const v = parsed as { checkInFrom: string; checkInUntil: string; checkOutFrom: string; checkOutUntil: string; pets: boolean; smoking: boolean; parties: boolean; quietFrom?: string; quietUntil?: string };
        Object.assign(columns, { checkInTime: v.checkInFrom, checkInUntil: v.checkInUntil, checkOutFrom: v.checkOutFrom, checkOutTime: v.checkOutUntil });
        texts.houseRules = houseRulesText(v);
        break;
      }
      case "booking_rules": {
        const v = parsed as { confirmation: "instant" | "request"; cancellation: "flexible" | "moderate" | "strict" };
        Object.assign(columns, { isInstantConfirmation: v.confirmation === "instant", cancellationPolicy: v.cancellation });
        break;
      }
      case "start":
        columns.availableFrom = (parsed as { availableFrom: string }).availableFrom;
        break;
      case "cooperation_format":
        columns.cooperationFormat = (parsed as { format: string }).format;
        break;
      case "landlord_data": {
        // The tax id and the payout account are stored encrypted; the rest of the step as typed.
        // One left empty keeps the stored one (the form shows it masked); with none stored, or
        // one the key can no longer open, it must be typed.
        const stored = listing.wizardData.landlord_data ?? {};
        values = { ...parsed };
        for (const field of SEALED_FIELDS) {
          const typed = parsed[field];
          if (typeof typed === "string") values[field] = cipher.seal(typed);
          else if (stored[field] && readSealed(cipher, stored[field])) values[field] = stored[field];
          else throw fieldError(field, "required");
        }
        break;
      }
    }
  } else if (isFormStep(step)) {
    throw new HttpError(404, "stepNotInKind");
  }

  done.add(step);
  const wizardData = values ? { ...listing.wizardData, [step]: values } : listing.wizardData;
  // With LISTING_REVIEW=on a published listing that changes what guests see leaves the site until
  // an operator approves the change (the payout details are not shown to guests).
  const backToReview = options.review === true && listing.status === "published" && !PRIVATE_STEPS.has(step);
  const review: Partial<typeof estates.$inferInsert> = backToReview ? { status: "archived", reviewState: "pending", reviewReason: null, reviewRequestedAt: new Date() } : {};
  const [updated] = await db.transaction(async (tx) => {
    if (Object.keys(texts).length) await tx.update(estateTexts).set(texts).where(eq(estateTexts.estateId, listing.id));
    const rows = await tx
      .update(estates)
      .set({ ...columns, ...review, wizardData, wizardDone: [...done], wizardStep: step, updatedAt: new Date() })
      .where(eq(estates.id, listing.id))
      .returning();
    if (listing.parentId !== null && listing.status === "published") await refreshComplex(tx, listing.parentId);
    if (listing.kind === "complex") await copyToUnits(tx, listing.id);
    return rows;
  });
  return { ...updated, kind: listing.kind };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Steps guests never see: saving them does not send a published listing back to review. */
const PRIVATE_STEPS = new Set<StepId>(["landlord_data"]);

/**
 * A complex is searched by its units' figures: the cheapest published unit's price and the largest
 * one's capacity (a complex asks for neither, decision 0018). Without a published unit it keeps
 * price 0 and the search does not show it at all (decision 0037) until it has something to book.
 */
export async function refreshComplex(tx: Tx | Db, complexId: number) {
  await tx.execute(sql`
    UPDATE estates c SET
      price = coalesce(u.price, 0), capacity = coalesce(u.capacity, 1), bed_count = coalesce(u.beds, 1), updated_at = now()
    FROM (SELECT min(price) AS price, max(capacity) AS capacity, max(bed_count) AS beds
          FROM estates WHERE parent_id = ${complexId} AND status = ${sqlLiteral(ESTATE_STATUS.published)}) u
    WHERE c.id = ${complexId}`);
}

/** Units inherit where they are and the complex's rules: copied whenever the complex changes. */
async function copyToUnits(tx: Tx | Db, complexId: number) {
  await tx.execute(sql`
    UPDATE estates u SET region = c.region, lat = c.lat, lng = c.lng, check_in_time = c.check_in_time,
      check_in_until = c.check_in_until, check_out_from = c.check_out_from, check_out_time = c.check_out_time,
      cooperation_format = c.cooperation_format, cancellation_policy = c.cancellation_policy,
      is_instant_confirmation = c.is_instant_confirmation, available_from = c.available_from
    FROM estates c WHERE c.id = ${complexId} AND u.parent_id = c.id`);
  await tx.execute(sql`
    UPDATE estate_texts ut SET city = ct.city, address = ct.address, house_rules = ct.house_rules
    FROM estates u JOIN estate_texts ct ON ct.estate_id = u.parent_id
    WHERE u.parent_id = ${complexId} AND ut.estate_id = u.id`);
}

const slugPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);

/**
 * Publishes, or refuses with the unfinished required steps (422, `errors.steps`, each step named).
 * With `review` (LISTING_REVIEW=on) it asks for an operator's approval instead: the listing keeps
 * its status, so guests do not see it, and waits as `pending` (a rejected one is asked again).
 */
export async function publishListing(db: Db, listing: OwnListing, options: { review?: boolean } = {}): Promise<OwnListing> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(estatePhotos).where(eq(estatePhotos.estateId, listing.id));
  const missing = missingRequiredSteps(listing.kind, doneSteps(listing, n));
  if (missing.length) {
    const steps = Object.fromEntries(LOCALES.map((l) => [l, missing.map((s) => stepTitle(s, l)).join(", ")])) as Localized;
    throw new HttpError(422, { key: "publishMissingSteps", params: { steps } }, { steps: missing.map((ref) => ({ ref })) });
  }
  if (listing.parentId !== null) {
    const [parent] = await db.select({ status: estates.status }).from(estates).where(eq(estates.id, listing.parentId));
    if (parent?.status !== "published") throw new HttpError(409, "parentUnpublished");
  }
  const wizardDone = [...new Set([...listing.wizardDone, "preview"])];
  if (options.review) {
    // Already online and approved: nothing waits.
    if (listing.status === "published" && listing.reviewState === null) return listing;
    const [waiting] = await db
      .update(estates)
      .set({ reviewState: "pending", reviewReason: null, reviewRequestedAt: new Date(), wizardDone, updatedAt: new Date() })
      .where(eq(estates.id, listing.id))
      .returning();
    return { ...waiting, kind: listing.kind };
  }
  const updated = await db.transaction((tx) => putOnline(tx, { ...listing, wizardDone }));
  return { ...updated, kind: listing.kind };
}

/**
 * What publishing does once it may: a real slug, the published status, the complex's figures;
 * any review state is cleared. The host's publish without review and an operator's approval.
 */
export async function putOnline(tx: Tx, listing: OwnListing): Promise<EstateRow> {
  const [texts] = await tx.select().from(estateTexts).where(eq(estateTexts.estateId, listing.id));
  const slug = listing.slug.startsWith("draft-") ? `${slugPart(texts?.title.en ?? "") || "stay"}-${listing.id}` : listing.slug;
  if (listing.parentId !== null) await copyToUnits(tx, listing.parentId);
  const [row] = await tx
    .update(estates)
    .set({
      status: "published",
      slug,
      publishedAt: listing.publishedAt ?? new Date(),
      wizardDone: listing.wizardDone,
      reviewState: null,
      reviewReason: null,
      updatedAt: new Date(),
    })
    .where(eq(estates.id, listing.id))
    .returning();
  if (listing.parentId !== null) await refreshComplex(tx, listing.parentId);
  if (listing.kind === "complex") await refreshComplex(tx, listing.id);
  return row;
}

/** Takes a listing out of the search (and its units with it, for a complex); bookings made stay. */
export async function unpublishListing(db: Db, listing: OwnListing): Promise<OwnListing> {
  if (listing.status !== "published") return listing;
  const updated = await db.transaction((tx) => takeOffline(tx, listing));
  return { ...updated, kind: listing.kind };
}

/** Unpublishing inside a transaction: the host's own, and an operator's with a reason. */
export async function takeOffline(tx: Tx, listing: OwnListing): Promise<EstateRow> {
  const [row] = await tx.update(estates).set({ status: "archived", reviewState: null, reviewReason: null, updatedAt: new Date() }).where(eq(estates.id, listing.id)).returning();
  if (listing.kind === "complex") await tx.update(estates).set({ status: "archived", updatedAt: new Date() }).where(and(eq(estates.parentId, listing.id), eq(estates.status, "published")));
  if (listing.parentId !== null) await refreshComplex(tx, listing.parentId);
  return row;
}

/** A new draft with the same answers and photos (the files are shared, not copied). */
export async function duplicateListing(db: Db, listing: OwnListing): Promise<OwnListing> {
  return db.transaction(async (tx) => {
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, publishedAt: _p, rating: _r, reviewsCount: _n, score: _s, searchText: _t, ...rest } = listing;
    const { kind: _kind, ...columns } = rest;
    const [row] = await tx.insert(estates).values({ ...columns, slug: draftSlug(), status: "draft" }).returning();
    const [texts] = await tx.select().from(estateTexts).where(eq(estateTexts.estateId, listing.id));
    if (texts) await tx.insert(estateTexts).values({ ...texts, estateId: row.id });
    const photos = await tx.select().from(estatePhotos).where(eq(estatePhotos.estateId, listing.id));
    if (photos.length) await tx.insert(estatePhotos).values(photos.map(({ id: _pid, createdAt: _pc, ...p }) => ({ ...p, estateId: row.id })));
    return { ...row, kind: listing.kind };
  });
}

/** Deletes a draft that was never published; answers the photo keys no other listing uses. */
export async function deleteDraft(db: Db, listing: OwnListing): Promise<string[]> {
  if (listing.status !== "draft") throw new HttpError(409, "notDraft");
  return db.transaction(async (tx) => {
    const photos = await tx.select().from(estatePhotos).where(eq(estatePhotos.estateId, listing.id));
    await tx.delete(estates).where(eq(estates.id, listing.id));
    return unusedKeys(tx, photos);
  });
}

/** Of these photos' files, those no photo row refers to any more (duplicates share files). */
export async function unusedKeys(tx: Tx | Db, photos: { key: string; variants: number[] }[]): Promise<string[]> {
  if (photos.length === 0) return [];
  const keys = [...new Set(photos.map((p) => p.key))];
  const still = await tx.select({ key: estatePhotos.key }).from(estatePhotos).where(inArray(estatePhotos.key, keys));
  const used = new Set(still.map((r) => r.key));
  return photos.filter((p) => !used.has(p.key)).flatMap((p) => p.variants.map((w) => `${p.key}-${w}.webp`));
}

