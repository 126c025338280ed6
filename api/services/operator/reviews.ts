/**
 * Guests' reviews of listings in the operator console (issue 31): find them, hide one with a reason
 * (the author is told; it leaves the estate page and the rating) and show it again. Each action is
 * one transaction with its audit entry; the rating is recounted by the one function that keeps it
 * (services/reviews.ts refreshEstateRating).
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Locale, Localized } from "../../../contract/common";
import type { OperatorReviewList } from "../../../contract/operator";
import type { Db } from "../../db/client";
import { estates, estateTexts, notifications, reviews } from "../../db/schema";
import { HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { refreshEstateRating } from "../reviews";
import { recordAudit } from "./audit";

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchReviews(db: Db, query: { q?: string; state?: "visible" | "hidden"; page: number; perPage: number }, locale: Locale): Promise<OperatorReviewList> {
  const where: SQL[] = [];
  const q = query.q?.replace(/^#/, "").trim();
  if (q) {
    const like = likeOf(q);
    where.push(
      /^\d{1,9}$/.test(q)
        ? sql`(${reviews.id} = ${Number(q)} OR ${reviews.estateId} = ${Number(q)})`
        : sql`(${reviews.text} ILIKE ${like} OR ${reviews.authorName} ILIKE ${like} OR ${estateTexts.title}->>'ru' ILIKE ${like} OR ${estateTexts.title}->>'en' ILIKE ${like} OR ${estateTexts.title}->>'ky' ILIKE ${like})`,
    );
  }
  if (query.state === "hidden") where.push(sql`${reviews.hiddenAt} IS NOT NULL`);
  if (query.state === "visible") where.push(sql`${reviews.hiddenAt} IS NULL`);
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ r: reviews, title: estateTexts.title, slug: estates.slug })
      .from(reviews)
      .innerJoin(estates, eq(estates.id, reviews.estateId))
      .leftJoin(estateTexts, eq(estateTexts.estateId, reviews.estateId))
      .where(filter)
      .orderBy(desc(reviews.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(reviews).leftJoin(estateTexts, eq(estateTexts.estateId, reviews.estateId)).where(filter),
  ]);
  return {
    reviews: rows.map(({ r, title, slug }) => ({
      id: r.id,
      estateId: r.estateId,
      estateTitle: localize(title as Localized | null, locale) || `#${r.estateId}`,
      estateSlug: slug,
      author: { id: r.authorId, name: r.authorName },
      rating: r.rating,
      text: r.text,
      hidden: r.hiddenAt !== null,
      hiddenReason: r.hiddenReason,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}

async function lockedReview(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: number) {
  const [row] = await tx
    .select({ r: reviews, title: estateTexts.title })
    .from(reviews)
    .leftJoin(estateTexts, eq(estateTexts.estateId, reviews.estateId))
    .where(eq(reviews.id, id))
    .for("update", { of: reviews })
    .limit(1);
  if (!row) throw notFound("reviewNotFound");
  return row;
}

/**
 * Hides a review: it leaves the estate page and the estate's rating; its author (when the account
 * still exists) gets an `estate` notification with the reason, shown in their language.
 */
export async function hideReview(db: Db, operatorId: number, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const { r, title } = await lockedReview(tx, id);
    if (r.hiddenAt) throw new HttpError(409, "reviewAlreadyHidden");
    const [hidden] = await tx.update(reviews).set({ hiddenAt: new Date(), hiddenReason: reason }).where(eq(reviews.id, id)).returning();
    await refreshEstateRating(tx, r.estateId);
    if (r.authorId !== null) {
      await tx.insert(notifications).values({
        userId: r.authorId,
        type: "estate",
        estateId: r.estateId,
        payload: { event: "review_hidden", reason, estateTitle: title ?? null, readerRole: "guest" },
      });
    }
    await recordAudit(tx, { operatorId, action: "review.hide", objectType: "review", objectId: id, before: { hidden: false }, after: { hidden: true, estateId: r.estateId }, reason });
    return hidden;
  });
}

/** Shows a hidden review again: back on the estate page and in the rating. */
export async function showReview(db: Db, operatorId: number, id: number, reason: string | undefined) {
  return db.transaction(async (tx) => {
    const { r } = await lockedReview(tx, id);
    if (!r.hiddenAt) throw new HttpError(409, "reviewNotHidden");
    const [shown] = await tx.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, id)).returning();
    await refreshEstateRating(tx, r.estateId);
    await recordAudit(tx, {
      operatorId,
      action: "review.show",
      objectType: "review",
      objectId: id,
      before: { hidden: true, reason: r.hiddenReason },
      after: { hidden: false, estateId: r.estateId },
      reason: reason ?? null,
    });
    return shown;
  });
}
