/** Content of the public pages: articles, the FAQ, legal documents, promos, route rules and sitemap entries. */
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  articleListQuerySchema,
  LEGAL_KINDS,
  type ArticleListResponse,
  type ArticleResponse,
  type FaqResponse,
  type LegalDocumentResponse,
  type PromoResponse,
  type RouteRulesResponse,
  type SitemapResponse,
} from "../../../../contract/content";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../../lib/context";
import { ok } from "../../../lib/respond";
import { parseInput, parseQuery } from "../../../lib/validation";
import { getArticle, listArticles } from "../../../services/content/articles";
import { faq } from "../../../services/content/faq";
import { currentLegalDocument } from "../../../services/content/legal";
import { getPromo } from "../../../services/content/promos";
import { sitemapArticles, sitemapEstatePages, sitemapEstates } from "../../../services/content/sitemap";
import { listRouteRules } from "../../../services/route-rules";

const slugParam = z.string().min(1).max(200);
const sitemapQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  /** The sitemap index needs only how many estate files there are. */
  countOnly: z.enum(["1", "true", "0", "false"]).optional().transform((v) => v === "1" || v === "true"),
});

export function guestContentRoutes(deps: ApiDeps) {
  const { db } = deps;
  const view = (c: Context<ApiEnv>) => presentationFor(c, deps);

  return new Hono<ApiEnv>()
    .get("/articles", async (c) => ok<ArticleListResponse>(c, await listArticles(db, parseQuery(c, articleListQuerySchema), view(c))))
    .get("/articles/:type/:slug", async (c) => {
      const slug = parseInput(slugParam, c.req.param("slug"), "slug");
      return ok<ArticleResponse>(c, await getArticle(db, c.req.param("type"), slug, view(c)));
    })
    .get("/faq", async (c) => ok<FaqResponse>(c, await faq(db, view(c).locale)))
    .get("/legal/:kind", async (c) => {
      const kind = parseInput(z.enum(LEGAL_KINDS), c.req.param("kind"), "kind");
      return ok<LegalDocumentResponse>(c, await currentLegalDocument(db, kind, view(c)));
    })
    .get("/promo/:slug", async (c) => ok<PromoResponse>(c, await getPromo(db, parseInput(slugParam, c.req.param("slug"), "slug"), view(c))))
    .get("/route_rules", async (c) => ok<RouteRulesResponse>(c, { rules: await listRouteRules(db) }))
    .get("/sitemap/estates", async (c) => {
      const { page, countOnly } = parseQuery(c, sitemapQuery);
      const [entries, pages] = await Promise.all([countOnly ? [] : sitemapEstates(db, view(c).uploadsUrl, page), sitemapEstatePages(db)]);
      return ok<SitemapResponse>(c, { entries, pages });
    })
    .get("/sitemap/articles", async (c) => ok<SitemapResponse>(c, { entries: await sitemapArticles(db, view(c).uploadsUrl) }));
}
