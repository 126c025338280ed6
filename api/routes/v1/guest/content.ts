/** Content of the public pages: articles, the FAQ, legal documents, promos, route rules and sitemap entries. */
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  articleListQuerySchema,
  LEGAL_KINDS,
} from "../../../../contract/content";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../../lib/context";
import { ok } from "../../../lib/respond";
import { parseInput } from "../../../lib/validation";
import { queryOf } from "../../../lib/request";
import { getArticle, listArticles } from "../../../services/content/articles";
import { faq } from "../../../services/content/faq";
import { currentLegalDocument } from "../../../services/content/legal";
import { getPromo } from "../../../services/content/promos";
import { sitemapArticles, sitemapEstatePages, sitemapEstates } from "../../../services/content/sitemap";
import { listRouteRules } from "../../../services/route-rules";
import { endpoints } from "../../../../contract/endpoints";
import { pathsUnder } from "../../../lib/endpoint-path";

const at = pathsUnder("/api/v1/guest");

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
    .get(at(endpoints.articles), async (c) => ok(c, endpoints.articles, await listArticles(db, queryOf(c, endpoints.articles, articleListQuerySchema), view(c))))
    .get(at(endpoints.article), async (c) => {
      const slug = parseInput(slugParam, c.req.param("slug"), "slug");
      return ok(c, endpoints.article, await getArticle(db, c.req.param("type"), slug, view(c)));
    })
    .get(at(endpoints.faq), async (c) => ok(c, endpoints.faq, await faq(db, view(c).locale)))
    .get(at(endpoints.legal), async (c) => {
      const kind = parseInput(z.enum(LEGAL_KINDS), c.req.param("kind"), "kind");
      return ok(c, endpoints.legal, await currentLegalDocument(db, kind, view(c)));
    })
    .get(at(endpoints.promo), async (c) => ok(c, endpoints.promo, await getPromo(db, parseInput(slugParam, c.req.param("slug"), "slug"), view(c))))
    .get(at(endpoints.routeRules), async (c) => ok(c, endpoints.routeRules, { rules: await listRouteRules(db) }))
    .get(at(endpoints.sitemapEstates), async (c) => {
      const { page, countOnly } = queryOf(c, endpoints.sitemapEstates, sitemapQuery);
      const [entries, pages] = await Promise.all([countOnly ? [] : sitemapEstates(db, view(c).uploadsUrl, page), sitemapEstatePages(db)]);
      return ok(c, endpoints.sitemapEstates, { entries, pages });
    })
    .get(at(endpoints.sitemapArticles), async (c) => ok(c, endpoints.sitemapArticles, { entries: await sitemapArticles(db, view(c).uploadsUrl) }));
}
