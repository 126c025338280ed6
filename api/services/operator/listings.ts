/**
 * What operators do to listings (issue 31): find any listing, see it with its history, unpublish it
 * with a reason, and with LISTING_REVIEW=on approve or reject what hosts published or changed.
 * Each action is one transaction with its audit entry and a notification to the host (shown in
 * the host's own language by the site, pushed live); status changes go through the listing
 * service's own putOnline/takeOffline, the same steps the host's publish and unpublish take.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Locale, Localized } from "../../../contract/common";
import type { OperatorListingDetail, OperatorListingFilter, OperatorListingList, OperatorListingRow } from "../../../contract/operator";
import type { Db } from "../../db/client";
import { estatePhotos, estates, estateStatusEvents, estateTexts, estateTypes, notifications, users } from "../../db/schema";
import type { Presentation } from "../../lib/context";
import { HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { putOnline, takeOffline, type OwnListing } from "../listing/listings";
import { toPhoto } from "../photos";
import { actAsOperator, recordAudit, searchAudit } from "./audit";
import { ESTATE_STATUS, LISTING_REVIEW_STATE } from "../../../contract/estate-statuses";
import { sqlLiteral } from "../../lib/sql";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nameOf = (u: { firstName: string | null; lastName: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(" ");

const FILTER: Record<OperatorListingFilter, SQL> = {
  published: sql`${estates.status} = ${sqlLiteral(ESTATE_STATUS.published)}`,
  draft: sql`${estates.status} = ${sqlLiteral(ESTATE_STATUS.draft)} AND ${estates.reviewState} IS NULL`,
  archived: sql`${estates.status} = ${sqlLiteral(ESTATE_STATUS.archived)} AND ${estates.reviewState} IS NULL`,
  pending: sql`${estates.reviewState} = ${sqlLiteral(LISTING_REVIEW_STATE.pending)}`,
  rejected: sql`${estates.reviewState} = ${sqlLiteral(LISTING_REVIEW_STATE.rejected)}`,
};

const selection = {
  estate: estates,
  kind: estateTypes.kind,
  title: estateTexts.title,
  city: estateTexts.city,
  description: estateTexts.description,
  address: estateTexts.address,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
};
type Selected = { estate: typeof estates.$inferSelect; kind: string; title: Localized | null; city: Localized | null; firstName: string | null; lastName: string | null; phone: string | null };

function rowOf(r: Selected, locale: Locale): OperatorListingRow {
  const e = r.estate;
  return {
    id: e.id,
    slug: e.slug,
    title: localize(r.title, locale) || `#${e.id}`,
    city: localize(r.city, locale),
    kind: r.kind,
    status: e.status,
    review: e.reviewState ? { state: e.reviewState, reason: e.reviewReason, requestedAt: e.reviewRequestedAt?.toISOString() ?? null } : null,
    host: { id: e.hostId, name: nameOf(r), phone: r.phone },
    price: e.price,
    updatedAt: e.updatedAt.toISOString(),
  };
}

const joined = (db: Pick<Db, "select">) =>
  db
    .select(selection)
    .from(estates)
    .innerJoin(estateTypes, eq(estateTypes.id, estates.typeId))
    .leftJoin(estateTexts, eq(estateTexts.estateId, estates.id))
    .innerJoin(users, eq(users.id, estates.hostId));

/**
 * Listings by words of the title in any language (or the number), the host's name or phone, the
 * city in any language, and status; those waiting for review first when that is the filter.
 */
export async function searchListings(
  db: Db,
  query: { q?: string; host?: string; city?: string; status?: OperatorListingFilter; page: number; perPage: number },
  locale: Locale,
): Promise<OperatorListingList> {
  const where: SQL[] = [];
  const q = query.q?.replace(/^#/, "").trim();
  if (q) {
    const like = likeOf(q);
    const byTitle = sql`(${estateTexts.title}->>'ru' ILIKE ${like} OR ${estateTexts.title}->>'en' ILIKE ${like} OR ${estateTexts.title}->>'ky' ILIKE ${like})`;
    where.push(/^\d{1,9}$/.test(q) ? sql`(${estates.id} = ${Number(q)} OR ${byTitle})` : byTitle);
  }
  const host = query.host?.trim();
  if (host) {
    const digits = host.replace(/[\s()+-]/g, "");
    where.push(
      /^\d+$/.test(digits)
        ? sql`(${users.phone} LIKE ${likeOf(digits)} OR ${users.id} = ${Number(digits) <= 2 ** 31 - 1 ? Number(digits) : -1})`
        : sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${likeOf(host)}`,
    );
  }
  const city = query.city?.trim();
  if (city) {
    const like = likeOf(city);
    where.push(sql`(${estateTexts.city}->>'ru' ILIKE ${like} OR ${estateTexts.city}->>'en' ILIKE ${like} OR ${estateTexts.city}->>'ky' ILIKE ${like})`);
  }
  if (query.status) where.push(FILTER[query.status]);
  const filter = where.length ? and(...where) : undefined;
  const order = query.status === "pending" ? [asc(estates.reviewRequestedAt), asc(estates.id)] : [desc(estates.updatedAt), desc(estates.id)];
  const [rows, [{ total }]] = await Promise.all([
    joined(db)
      .where(filter)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(estates)
      .leftJoin(estateTexts, eq(estateTexts.estateId, estates.id))
      .innerJoin(users, eq(users.id, estates.hostId))
      .where(filter),
  ]);
  return { listings: rows.map((r) => rowOf(r as Selected, locale)), total: Number(total) };
}

export async function listingDetail(db: Db, id: number, view: Presentation): Promise<OperatorListingDetail> {
  const [r] = await joined(db).where(eq(estates.id, id)).limit(1);
  if (!r) throw notFound("listingNotFound");
  const [photos, events, history] = await Promise.all([
    db.select().from(estatePhotos).where(eq(estatePhotos.estateId, id)).orderBy(asc(estatePhotos.sortOrder), asc(estatePhotos.id)).limit(6),
    db.select().from(estateStatusEvents).where(eq(estateStatusEvents.estateId, id)).orderBy(asc(estateStatusEvents.id)).limit(200),
    searchAudit(db, { objectType: "listing", objectId: String(id), limit: 50 }),
  ]);
  const base = rowOf(r as Selected, view.locale);
  return {
    listing: {
      ...base,
      parentId: r.estate.parentId,
      description: localize(r.description, view.locale),
      address: localize(r.address, view.locale),
      photos: photos.map((p) => ({ url: toPhoto({ ...p, estate_id: p.estateId }, base.title, view).url })),
      rating: r.estate.rating,
      reviewsCount: r.estate.reviewsCount,
      createdAt: r.estate.createdAt.toISOString(),
      publishedAt: r.estate.publishedAt?.toISOString() ?? null,
    },
    events: events.map((e) => ({ fromStatus: e.fromStatus, toStatus: e.toStatus, reviewState: e.reviewState, actor: e.actor, at: e.createdAt.toISOString() })),
    history: history.entries,
  };
}

/** The listing for a change, locked against a second operator's change made meanwhile. */
async function lockedListing(tx: Tx, id: number): Promise<OwnListing & { title: Localized | null }> {
  const [r] = await tx
    .select({ estate: estates, kind: estateTypes.kind, title: estateTexts.title })
    .from(estates)
    .innerJoin(estateTypes, eq(estateTypes.id, estates.typeId))
    .leftJoin(estateTexts, eq(estateTexts.estateId, estates.id))
    .where(eq(estates.id, id))
    .for("update", { of: estates })
    .limit(1);
  if (!r) throw notFound("listingNotFound");
  return { ...r.estate, kind: r.kind, title: r.title };
}

/**
 * The host hears of it as an `estate` notification whose `event` names what happened; the site
 * shows it in the host's language (account.json notifications.types.estate_{event}).
 */
async function tellHost(tx: Tx, listing: { id: number; hostId: number; title: Localized | null }, event: "unpublished" | "approved" | "rejected", reason: string | null) {
  await tx.insert(notifications).values({
    userId: listing.hostId,
    type: "estate",
    estateId: listing.id,
    payload: { event, reason, estateTitle: listing.title ?? null, readerRole: "host" },
  });
}

const snapshot = (l: { status: string; reviewState: string | null; reviewReason: string | null }) => ({ status: l.status, reviewState: l.reviewState, reviewReason: l.reviewReason });

/** Takes any published listing off the site (a complex with its units); the host is told why. */
export async function unpublishAsOperator(db: Db, operatorId: number, id: number, reason: string) {
  return db.transaction(async (tx) => {
    await actAsOperator(tx);
    const listing = await lockedListing(tx, id);
    if (listing.status !== "published") throw new HttpError(409, "listingNotPublished");
    const row = await takeOffline(tx, listing);
    await tellHost(tx, listing, "unpublished", reason);
    await recordAudit(tx, { operatorId, action: "listing.unpublish", objectType: "listing", objectId: id, before: snapshot(listing), after: snapshot(row), reason });
    return row;
  });
}

/** Approves what waits for review: the listing goes online as the host's publish would put it. */
export async function approveListing(db: Db, operatorId: number, id: number) {
  return db.transaction(async (tx) => {
    await actAsOperator(tx);
    const listing = await lockedListing(tx, id);
    if (listing.reviewState !== "pending") throw new HttpError(409, "listingNotAwaitingReview");
    if (listing.parentId !== null) {
      const [parent] = await tx.select({ status: estates.status }).from(estates).where(eq(estates.id, listing.parentId));
      if (parent?.status !== "published") throw new HttpError(409, "parentUnpublished");
    }
    const row = await putOnline(tx, listing);
    await tellHost(tx, listing, "approved", null);
    await recordAudit(tx, { operatorId, action: "listing.approve", objectType: "listing", objectId: id, before: snapshot(listing), after: snapshot(row) });
    return row;
  });
}

/** Sends it back to the host with the reason; it stays off the site until published and approved again. */
export async function rejectListing(db: Db, operatorId: number, id: number, reason: string) {
  return db.transaction(async (tx) => {
    await actAsOperator(tx);
    const listing = await lockedListing(tx, id);
    if (listing.reviewState !== "pending") throw new HttpError(409, "listingNotAwaitingReview");
    const [row] = await tx.update(estates).set({ reviewState: "rejected", reviewReason: reason, updatedAt: new Date() }).where(eq(estates.id, id)).returning();
    await tellHost(tx, listing, "rejected", reason);
    await recordAudit(tx, { operatorId, action: "listing.reject", objectType: "listing", objectId: id, before: snapshot(listing), after: snapshot(row), reason });
    return row;
  });
}
