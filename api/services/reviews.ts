import { sql } from "drizzle-orm";
import { ratingBandOf, type Review, type ReviewsResponse, type ReviewSummary } from "../../contract/estate";
import type { Db } from "../db/client";

type SummaryRow = { count: number; average: number | null; s1: number; s2: number; s3: number; s4: number; s5: number };

/** Rating, band and how many reviews gave each number of stars, from the reviews themselves. */
export async function reviewSummary(db: Db, estateId: number): Promise<ReviewSummary> {
  const { rows } = await db.execute<SummaryRow>(sql`
    SELECT count(*)::int AS count, avg(rating)::float8 AS average,
      count(*) FILTER (WHERE rating = 1)::int AS s1, count(*) FILTER (WHERE rating = 2)::int AS s2,
      count(*) FILTER (WHERE rating = 3)::int AS s3, count(*) FILTER (WHERE rating = 4)::int AS s4,
      count(*) FILTER (WHERE rating = 5)::int AS s5
    FROM reviews WHERE estate_id = ${estateId}`);
  const row = rows[0];
  return {
    rating: row.average === null ? null : Math.round(row.average * 100) / 100,
    band: ratingBandOf(row.average),
    count: row.count,
    byStars: { "1": row.s1, "2": row.s2, "3": row.s3, "4": row.s4, "5": row.s5 },
  };
}

/** Newest reviews first, one page, with the summary over all of them. */
export async function listReviews(db: Db, estateId: number, page: number, perPage: number): Promise<ReviewsResponse> {
  const [items, summary] = await Promise.all([
    db.execute<Review>(sql`
      SELECT id, author_name AS "authorName", rating, text,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
      FROM reviews WHERE estate_id = ${estateId}
      ORDER BY created_at DESC, id DESC
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    reviewSummary(db, estateId),
  ]);
  return { items: items.rows, summary, page, perPage, total: summary.count, hasMore: page * perPage < summary.count };
}
