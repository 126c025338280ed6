/** Content of the public pages (SPEC section 2): articles, legal documents, promos, route rules, sitemaps. */
import { z } from "zod";
import type { Locale, Photo } from "./common";
import type { EstateCard } from "./estate";

export const ARTICLE_TYPES = ["guide", "tips", "news", "hosts"] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];
export const ARTICLES_PER_PAGE = 16;

export const articleListQuerySchema = z.object({
  type: z.enum(ARTICLE_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(ARTICLES_PER_PAGE),
});

export type ArticleSummary = {
  id: number;
  type: ArticleType;
  slug: string;
  title: string;
  summary: string;
  cover: Photo | null;
  publishedAt: string;
  /** Minutes at 200 words a minute, at least 1. */
  readingMinutes: number;
  /** The language the text is shown in: differs from the request's when a translation is missing. */
  language: Locale;
};

export type ArticleListResponse = {
  items: ArticleSummary[];
  page: number;
  perPage: number;
  total: number;
  hasMore: boolean;
  /** How many published articles each type has, for the type filter. */
  types: { type: ArticleType; count: number }[];
};

export type ArticleResponse = {
  article: ArticleSummary & { body: string; region: string | null };
  relatedEstates: EstateCard[];
  relatedArticles: ArticleSummary[];
};

export const LEGAL_KINDS = ["terms", "privacy"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export type LegalDocumentResponse = {
  document: { kind: LegalKind; version: string; effectiveFrom: string; title: string; body: string };
  /** Every version in effect so far, newest first. */
  versions: { version: string; effectiveFrom: string }[];
};

export type PromoResponse = {
  promo: {
    slug: string;
    title: string;
    summary: string;
    body: string;
    terms: string;
    cover: Photo | null;
    discountPercent: number;
    startsOn: string;
    endsOn: string;
    status: "upcoming" | "running" | "over";
  };
  estates: EstateCard[];
};

export type RouteRule = { path: string; target: string; status: 301 | 302 };
export type RouteRulesResponse = { rules: RouteRule[] };

/** One URL of a sitemap, without locale prefix; the web app writes it in every language. */
export type SitemapEntry = { path: string; lastmod: string | null; image: string | null };
export type SitemapResponse = { entries: SitemapEntry[]; /** Estates only: how many sitemap files they fill. */ pages?: number };

/** Whose questions a FAQ entry answers; /faq shows them in this order. */
export const FAQ_AUDIENCES = ["guests", "hosts"] as const;
export type FaqAudience = (typeof FAQ_AUDIENCES)[number];
export type FaqEntry = { anchor: string; question: string; answer: string };
export type FaqResponse = { groups: { audience: FaqAudience; items: FaqEntry[] }[] };
