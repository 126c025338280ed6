/**
 * What the sitemaps list, one query per kind: every published estate (complexes' units too) with
 * its first photo, and every published article. Paths are unprefixed; the web app writes each in
 * every language.
 */
import { sql } from "drizzle-orm";
import type { SitemapEntry } from "../../../contract/content";
import type { Db } from "../../db/client";
import { DEFAULT_PHOTO_WIDTH } from "../photos";
import { ESTATE_STATUS } from "../../../contract/estate-statuses";
import { sqlLiteral } from "../../lib/sql";

/** One sitemap file holds at most 50,000 URLs; each entry is written in three languages. */
export const SITEMAP_ENTRIES_MAX = 16_000;

type Row = { path: string; lastmod: string | null; image: string | null };

export async function sitemapEstates(db: Db, uploadsUrl: string, page: number): Promise<SitemapEntry[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT '/estates/' || e.slug AS path, to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod,
      (SELECT p.key FROM estate_photos p WHERE p.estate_id = e.id ORDER BY p.sort_order, p.id LIMIT 1) AS image
    FROM estates e WHERE e.status = ${sqlLiteral(ESTATE_STATUS.published)}
    ORDER BY e.id LIMIT ${SITEMAP_ENTRIES_MAX} OFFSET ${(page - 1) * SITEMAP_ENTRIES_MAX}`);
  return rows.map((r) => ({ path: r.path, lastmod: r.lastmod, image: r.image ? `${uploadsUrl}/${r.image}-${DEFAULT_PHOTO_WIDTH}.webp` : null }));
}

export async function sitemapArticles(db: Db, uploadsUrl: string): Promise<SitemapEntry[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT '/articles/' || a.type || '/' || a.slug AS path, to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod, a.cover_key AS image
    FROM articles a WHERE a.published_at IS NOT NULL AND a.published_at <= now()
    ORDER BY a.published_at DESC, a.id LIMIT ${SITEMAP_ENTRIES_MAX}`);
  return rows.map((r) => ({ path: r.path, lastmod: r.lastmod, image: r.image ? `${uploadsUrl}/${r.image}-${DEFAULT_PHOTO_WIDTH}.webp` : null }));
}

/** How many estate sitemap files there are (at least one). */
export async function sitemapEstatePages(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM estates WHERE status = ${sqlLiteral(ESTATE_STATUS.published)}`);
  return Math.max(1, Math.ceil(Number(rows[0]?.n ?? 0) / SITEMAP_ENTRIES_MAX));
}
