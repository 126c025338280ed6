/**
 * Reviews both ways (contract/reviews.ts, docs/bookings.md "Reviews"): the guest's review of a
 * stay (`reviews`, shown on the estate's page and counted in its rating) and the host's review of
 * the guest (`guest_reviews`, shown to later hosts and on the guest's profile).
 *
 * Double-blind, enforced here and nowhere else: a review carries `published_at`, the moment from
 * which anyone but its author may read it. It is set when the review is written: now, when the
 * other side has already written (and the other side's review is published at that moment too),
 * else the end of the review window. Every read below filters on it, so nothing needs to run for a
 * review to open at the window's end; only the estate's stored rating waits for the sweeper
 * (`countPublishedReviews`), which adds reviews published by time.
 *
 * Operators hide reviews (`hidden_at`, issue 31): a hidden review is read by nobody but the
 * operator console and leaves the rating; `refreshEstateRating` is the one place the rating is
 * computed.
 */
import { and, eq, sql } from "drizzle-orm";
import { ratingBandOf, type Review, type ReviewsResponse, type ReviewSummary } from "../../contract/estate";
import { reviewWindowClosesAt, type BookingReviews, type GuestRecord, type GuestReview, type UserProfile } from "../../contract/reviews";
import type { Locale } from "../../contract/common";
import { writesBefore, type Db } from "../db/client";
import { bookings, estates, guestReviews, reviews, users } from "../db/schema";
import { HttpError, notFound } from "../lib/http-errors";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";
import { intArray } from "../lib/sql";
import { applyTransition, notify, type BookingDeps, type BookingRow } from "./booking/bookings";
import { estateNames, findPublishedEstate } from "./estate-lookup";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;
type SummaryRow = { count: number; average: number | null; s1: number; s2: number; s3: number; s4: number; s5: number };

/** A review of a listing anyone may read: published (double-blind) and not hidden by an operator. */
const readable = sql`published_at <= now() AND hidden_at IS NULL`;

const SUMMARY_COLUMNS = sql`count(*)::int AS count, avg(rating)::float8 AS average,
      count(*) FILTER (WHERE rating = 1)::int AS s1, count(*) FILTER (WHERE rating = 2)::int AS s2,
      count(*) FILTER (WHERE rating = 3)::int AS s3, count(*) FILTER (WHERE rating = 4)::int AS s4,
      count(*) FILTER (WHERE rating = 5)::int AS s5`;

function summaryOf(row: SummaryRow): ReviewSummary {
  return {
    rating: row.average === null ? null : Math.round(row.average * 100) / 100,
    band: ratingBandOf(row.average),
    count: row.count,
    byStars: { "1": row.s1, "2": row.s2, "3": row.s3, "4": row.s4, "5": row.s5 },
  };
}

/**
 * When the estate's next review that is not readable yet opens (ms since the epoch; null: none
 * waits): a read kept in memory (api/lib/kept-while-unwritten.ts) is asked again then, since a
 * review opens with time alone, no write.
 */
const opensAt = (estateId: number) =>
  sql`(SELECT (extract(epoch FROM min(published_at)) * 1000)::float8 FROM reviews WHERE estate_id = ${estateId} AND published_at > now() AND hidden_at IS NULL) AS opens_at`;

/** Rating, band and how many reviews gave each number of stars, from the readable reviews; and when the next one opens. */
export async function reviewSummary(db: Db, estateId: number): Promise<{ summary: ReviewSummary; opensAt: number | null }> {
  const { rows } = await db.execute<SummaryRow & { opens_at: number | null }>(
    sql`SELECT ${SUMMARY_COLUMNS}, ${opensAt(estateId)} FROM reviews WHERE estate_id = ${estateId} AND ${readable}`,
  );
  return { summary: summaryOf(rows[0]), opensAt: rows[0].opens_at };
}

const isoUtc = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

type ListedReviewRow = Omit<Review, "reply"> & { replyText: string | null; repliedAt: string | null };

/** `listReviews` of a published estate (the reviews endpoint), under one write signal as `publishedEstateDates`. */
export async function publishedEstateReviews(db: Db, idOrSlug: string, page: number, perPage: number): Promise<ReviewsResponse> {
  const noted = writesBefore(db);
  return listReviews(db, (await findPublishedEstate(db, idOrSlug, noted)).id, page, perPage, noted);
}

/**
 * Newest readable reviews first, one page, each with the host's reply, and the summary over all of
 * them: one statement (the estate page asks for it on every view; each statement costs PGlite's
 * thread ~0.5 ms whatever it reads), kept in memory until the next write or the next review's
 * opening.
 */
export async function listReviews(db: Db, estateId: number, page: number, perPage: number, noted?: Promise<number | null>): Promise<ReviewsResponse> {
  const kept = await keptWhileUnwritten(db, `reviews:${estateId}:${page}:${perPage}`, () => readReviews(db, estateId, page, perPage), Infinity, (read) => read.opensAt, noted);
  return kept.reviews;
}

async function readReviews(db: Db, estateId: number, page: number, perPage: number): Promise<{ reviews: ReviewsResponse; opensAt: number | null }> {
  const { rows } = await db.execute<SummaryRow & { items: ListedReviewRow[]; opens_at: number | null }>(sql`
    SELECT ${SUMMARY_COLUMNS}, ${opensAt(estateId)},
      (SELECT coalesce(json_agg(json_build_object('id', id, 'authorName', author_name, 'rating', rating, 'text', text,
          'createdAt', ${isoUtc("created_at")}, 'replyText', reply_text, 'repliedAt', ${isoUtc("replied_at")})
          ORDER BY created_at DESC, id DESC), '[]')
        FROM (SELECT * FROM reviews WHERE estate_id = ${estateId} AND ${readable}
          ORDER BY created_at DESC, id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}) shown) AS items
    FROM reviews WHERE estate_id = ${estateId} AND ${readable}`);
  const summary = summaryOf(rows[0]);
  const reviews = {
    items: rows[0].items.map(({ replyText, repliedAt, ...review }) => ({ ...review, reply: replyText && repliedAt ? { text: replyText, at: repliedAt } : null })),
    summary,
    page,
    perPage,
    total: summary.count,
    hasMore: page * perPage < summary.count,
  };
  return { reviews, opensAt: rows[0].opens_at };
}

/** The estate's stored rating and count (search, cards) from the reviews counted so far and not hidden. */
export async function refreshEstateRating(tx: Pick<Db, "execute">, estateId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${estates} SET
      rating = (SELECT avg(rating)::real FROM ${reviews} WHERE estate_id = ${estateId} AND in_rating AND hidden_at IS NULL),
      reviews_count = (SELECT count(*) FROM ${reviews} WHERE estate_id = ${estateId} AND in_rating AND hidden_at IS NULL),
      updated_at = now()
    WHERE id = ${estateId}`);
}

/** Sweeper step: reviews whose window closed without the other side join their estate's rating. */
export async function countPublishedReviews(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ estate_id: number }>(sql`
      UPDATE reviews SET in_rating = true
      WHERE id IN (SELECT id FROM reviews WHERE NOT in_rating AND published_at <= now() ORDER BY published_at LIMIT 200 FOR UPDATE SKIP LOCKED)
      RETURNING estate_id`);
    for (const estateId of new Set(rows.map((r) => r.estate_id))) await refreshEstateRating(tx, estateId);
    return rows.length;
  });
}

/**
 * The booking, locked until the transaction ends: the guest's and the host's reviews of one stay
 * take turns, so the second always sees the first and publishes both.
 */
async function lockedStay(tx: Tx, bookingId: number, now: Date): Promise<BookingRow & { closesAt: Date }> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!booking) throw notFound("bookingNotFound");
  if (booking.status !== "completed_no_review" && booking.status !== "completed_with_review") throw new HttpError(409, "reviewNotYet");
  const closesAt = reviewWindowClosesAt(booking.checkOut);
  if (now >= closesAt) throw new HttpError(409, "reviewWindowClosed");
  return { ...booking, closesAt };
}

type Written = { rating: number; text: string };
type Author = { id: number; firstName: string; lastName: string };

/** The guest reviews the stay: the booking becomes `completed_with_review`. */
export async function writeStayReview(deps: Pick<BookingDeps, "db" | "timings">, bookingId: number, author: Author, input: Written, locale: Locale): Promise<BookingRow> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const booking = await lockedStay(tx, bookingId, now);
    const next = await applyTransition(tx, deps, booking, "completed_with_review", "guest", {}, now);
    const [hosts] = await tx.select({ id: guestReviews.id }).from(guestReviews).where(eq(guestReviews.bookingId, booking.id));
    await tx.insert(reviews).values({
      estateId: booking.estateId,
      bookingId: booking.id,
      authorId: author.id,
      authorName: [author.firstName, author.lastName ? `${author.lastName[0]}.` : ""].filter(Boolean).join(" ") || "Guest",
      rating: input.rating,
      text: input.text,
      locale,
      publishedAt: hosts ? now : booking.closesAt,
      inRating: Boolean(hosts),
    });
    if (hosts) {
      await tx.update(guestReviews).set({ publishedAt: now }).where(eq(guestReviews.id, hosts.id));
      await refreshEstateRating(tx, booking.estateId);
      await notify(tx, next, (await estateNames(tx, booking.estateId)).title, { host: "review_published" });
    }
    return next;
  });
}

/** The host reviews the guest of a stay that has ended. */
export async function writeGuestReview(db: Db, bookingId: number, author: Author, input: Written, locale: Locale): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const booking = await lockedStay(tx, bookingId, now);
    if (!booking.guestId) throw notFound("bookingNotFound");
    const [mine] = await tx.select({ id: guestReviews.id }).from(guestReviews).where(eq(guestReviews.bookingId, booking.id));
    if (mine) throw new HttpError(409, "reviewExists");
    const [stay] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, booking.id));
    await tx.insert(guestReviews).values({
      bookingId: booking.id,
      guestId: booking.guestId,
      authorId: author.id,
      authorName: author.firstName || "Host",
      rating: input.rating,
      text: input.text,
      locale,
      publishedAt: stay ? now : booking.closesAt,
    });
    if (stay) {
      await tx.update(reviews).set({ publishedAt: now, inRating: true }).where(eq(reviews.id, stay.id));
      await refreshEstateRating(tx, booking.estateId);
      await notify(tx, booking, (await estateNames(tx, booking.estateId)).title, { guest: "review_published" });
    }
  });
}

/** The host's one reply to the guest's published review of this booking's stay. */
export async function replyToReview(db: Db, booking: BookingRow, text: string): Promise<void> {
  const [updated] = await db
    .update(reviews)
    .set({ replyText: text, repliedAt: new Date() })
    .where(and(eq(reviews.bookingId, booking.id), sql`${reviews.replyText} IS NULL`, sql`${reviews.publishedAt} <= now()`, sql`${reviews.hiddenAt} IS NULL`))
    .returning({ id: reviews.id });
  if (updated) return;
  const [review] = await db.select({ replyText: reviews.replyText, publishedAt: reviews.publishedAt, hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.bookingId, booking.id));
  // A review the host may not read yet does not exist for them.
  if (!review || review.hiddenAt || review.publishedAt > new Date()) throw notFound("reviewNotFound");
  throw new HttpError(409, "replyExists");
}

type ReviewRow = { booking_id: number; kind: "stay" | "guest"; rating: number; text: string; created_at: string; published: boolean; reply_text: string | null; replied_at: string | null };

/**
 * The reviews of a page of bookings as `viewerId` sees them, in one query: their own in full, the
 * other side's only once published, and only whether it exists before that.
 */
export async function bookingReviews(db: Db, rows: BookingRow[], viewerId: number): Promise<Map<number, BookingReviews>> {
  const result = new Map<number, BookingReviews>();
  const done = rows.filter((b) => b.status === "completed_no_review" || b.status === "completed_with_review");
  if (done.length === 0) return result;
  const ids = done.map((b) => b.id);
  const { rows: found } = await db.execute<ReviewRow>(sql`
    SELECT booking_id, 'stay' AS kind, rating, text, ${isoUtc("created_at")} AS created_at, published_at <= now() AND hidden_at IS NULL AS published,
      reply_text, ${isoUtc("replied_at")} AS replied_at
    FROM reviews WHERE booking_id = ANY(${intArray(ids)})
    UNION ALL
    SELECT booking_id, 'guest', rating, text, ${isoUtc("created_at")}, published_at <= now() AND hidden_at IS NULL, NULL, NULL
    FROM guest_reviews WHERE booking_id = ANY(${intArray(ids)})`);
  const now = new Date();
  for (const booking of done) {
    const role = booking.guestId === viewerId ? "guest" : "host";
    const mineKind = role === "guest" ? "stay" : "guest";
    const mine = found.find((r) => r.booking_id === booking.id && r.kind === mineKind);
    const theirs = found.find((r) => r.booking_id === booking.id && r.kind !== mineKind);
    const closesAt = reviewWindowClosesAt(booking.checkOut);
    const open = now < closesAt;
    result.set(booking.id, {
      mine: mine ? { rating: mine.rating, text: mine.text, createdAt: mine.created_at } : null,
      theirs:
        theirs && theirs.published
          ? { rating: theirs.rating, text: theirs.text, createdAt: theirs.created_at, reply: theirs.reply_text && theirs.replied_at ? { text: theirs.reply_text, at: theirs.replied_at } : null }
          : null,
      theirsWritten: Boolean(theirs),
      canReply: role === "host" && Boolean(theirs?.published) && !theirs?.reply_text,
      canWrite: open && !mine && (role === "host" ? booking.guestId !== null : booking.status === "completed_no_review"),
      closesAt: closesAt.toISOString(),
    });
  }
  return result;
}

/** A guest's readable reviews from hosts, newest first, with their average. */
export async function guestRecord(db: Db, guestId: number, limit = 20): Promise<GuestRecord> {
  const [summary] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<number | null>`avg(${guestReviews.rating})::float8` })
    .from(guestReviews)
    .where(and(eq(guestReviews.guestId, guestId), sql`${guestReviews.publishedAt} <= now()`, sql`${guestReviews.hiddenAt} IS NULL`));
  const { rows } = await db.execute<GuestReview>(sql`
    SELECT id, author_name AS "authorName", rating, text, ${isoUtc("created_at")} AS "createdAt"
    FROM guest_reviews WHERE guest_id = ${guestId} AND ${readable}
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return { rating: summary.average === null ? null : Math.round(summary.average * 100) / 100, count: summary.count, reviews: rows };
}

/**
 * A member's public profile: first name, the month they joined, whether they host, and their
 * reviews as a guest. No surname, phone or e-mail: it is for deciding whom to host, not to reach
 * them (that is what a booking's chat is for). Deleted and blocked accounts and operators have none.
 */
export async function userProfile(db: Db, userId: number): Promise<UserProfile> {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, createdAt: users.createdAt, mode: users.mode, role: users.role, blockedAt: users.blockedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt || user.blockedAt || user.role === "operator") throw notFound("userNotFound");
  const hosts = await db.select({ id: estates.id }).from(estates).where(and(eq(estates.hostId, userId), eq(estates.status, "published"))).limit(1);
  return {
    id: user.id,
    firstName: user.firstName,
    memberSince: user.createdAt.toISOString().slice(0, 7),
    isHost: hosts.length > 0,
    asGuest: await guestRecord(db, userId),
  };
}
