/** Articles of /articles: published ones only, in the request's language or, lacking it, another. */
import { sql } from "drizzle-orm";
import type { Locale, Localized } from "../../../contract/common";
import { LOCALES } from "../../../contract/common";
import type { ArticleListResponse, ArticleResponse, ArticleSummary, ArticleType } from "../../../contract/content";
import type { Db } from "../../db/client";
import type { Presentation } from "../../lib/context";
import { notFound } from "../../lib/http-errors";
import { loadCards } from "../estate-cards";
import { coverPhoto } from "./cover";
import { ESTATE_STATUS } from "../../../contract/estate-statuses";
import { sqlLiteral } from "../../lib/sql";

const RELATED_ESTATES = 4;
const RELATED_ARTICLES = 3;
const WORDS_PER_MINUTE = 200;

type ArticleRow = {
  id: number;
  type: ArticleType;
  slug: string;
  title: Localized;
  summary: Localized;
  body: Localized;
  cover_key: string | null;
  region: string | null;
  published_at: Date | string;
};

/** The language to show: the asked one when its title and body exist, else Russian, else any. */
function languageOf(row: Pick<ArticleRow, "title" | "body">, locale: Locale): Locale {
  const complete = (l: Locale) => Boolean(row.title[l]?.trim() && row.body[l]?.trim());
  return complete(locale) ? locale : complete("ru") ? "ru" : (LOCALES.find(complete) ?? locale);
}

function toSummary(row: ArticleRow, view: Presentation): ArticleSummary {
  const language = languageOf(row, view.locale);
  const title = row.title[language];
  const words = (row.body[language] ?? "").split(/\s+/).filter(Boolean).length;
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    title,
    summary: row.summary[language] ?? "",
    cover: coverPhoto(row.cover_key, title, view),
    publishedAt: new Date(row.published_at).toISOString(),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    language,
  };
}

const PUBLISHED = sql`a.published_at IS NOT NULL AND a.published_at <= now()`;
const COLUMNS = sql`a.id, a.type, a.slug, a.title, a.summary, a.body, a.cover_key, a.region, a.published_at`;

export async function listArticles(db: Db, query: { type?: ArticleType; page: number; perPage: number }, view: Presentation): Promise<ArticleListResponse> {
  const typeCondition = query.type ? sql`AND a.type = ${query.type}` : sql``;
  const [{ rows }, counts] = await Promise.all([
    db.execute<ArticleRow>(sql`
      SELECT ${COLUMNS} FROM articles a WHERE ${PUBLISHED} ${typeCondition}
      ORDER BY a.published_at DESC, a.id DESC LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`),
    db.execute<{ type: ArticleType; count: number }>(sql`SELECT a.type, count(*)::int AS count FROM articles a WHERE ${PUBLISHED} GROUP BY a.type ORDER BY a.type`),
  ]);
  const types = counts.rows.map((r) => ({ type: r.type, count: Number(r.count) }));
  const total = query.type ? (types.find((t) => t.type === query.type)?.count ?? 0) : types.reduce((sum, t) => sum + t.count, 0);
  return {
    items: rows.map((r) => toSummary(r, view)),
    page: query.page,
    perPage: query.perPage,
    total,
    hasMore: query.page * query.perPage < total,
    types,
  };
}

export async function getArticle(db: Db, type: string, slug: string, view: Presentation): Promise<ArticleResponse> {
  const { rows } = await db.execute<ArticleRow>(sql`SELECT ${COLUMNS} FROM articles a WHERE ${PUBLISHED} AND a.type = ${type} AND a.slug = ${slug}`);
  const row = rows[0];
  if (!row) throw notFound("articleNotFound");
  const summary = toSummary(row, view);

  const [relatedEstates, related] = await Promise.all([
    row.region
      ? loadCards(db, { where: sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND e.parent_id IS NULL AND e.region = ${row.region}`, orderBy: "rating", limit: RELATED_ESTATES, stay: null }, view)
      : Promise.resolve([]),
    // Same region first, then same type, newest first.
    db.execute<ArticleRow>(sql`
      SELECT ${COLUMNS} FROM articles a WHERE ${PUBLISHED} AND a.id <> ${row.id}
      ORDER BY (a.region IS NOT DISTINCT FROM ${row.region} AND a.region IS NOT NULL) DESC, (a.type = ${row.type}) DESC, a.published_at DESC, a.id DESC
      LIMIT ${RELATED_ARTICLES}`),
  ]);
  return {
    article: { ...summary, body: row.body[summary.language] ?? "", region: row.region },
    relatedEstates,
    relatedArticles: related.rows.map((r) => toSummary(r, view)),
  };
}
