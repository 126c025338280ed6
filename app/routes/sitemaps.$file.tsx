import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SitemapEntry } from "../../contract/content";
import { createApiClient } from "~/lib/api.server";
import { unavailable, urlsetResponse } from "~/lib/sitemap.server";
import { endpoints } from "../../contract/endpoints";

/** Public pages that are not estates or articles. */
const STATIC_PATHS = ["/", "/estates", "/estates/map", "/articles", "/faq", "/terms", "/privacy", "/promo_raduga", "/app"];

/**
 * `/sitemaps/static.xml`, `/sitemaps/articles.xml`, `/sitemaps/estates-N.xml`: one API call per
 * file, each answered by one query (api/services/content/sitemap.ts).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = createApiClient(context, { locale: "ru" });
  const file = params.file ?? "";
  const estatesPage = /^estates-([1-9]\d{0,3})\.xml$/.exec(file);
  let entries: SitemapEntry[];
  try {
    if (file === "static.xml") {
      const { types } = await api.call(endpoints.guestTypes);
      entries = [...STATIC_PATHS, ...types.map((t) => `/estates/category/${encodeURIComponent(t.slug)}`)].map((path) => ({ path, lastmod: null, image: null }));
    } else if (file === "articles.xml") {
      entries = (await api.call(endpoints.sitemapArticles)).entries;
    } else if (estatesPage) {
      const result = await api.call(endpoints.sitemapEstates, { query: { page: Number(estatesPage[1]) } });
      if (result.entries.length === 0 && estatesPage[1] !== "1") throw new Response("Not Found", { status: 404 });
      entries = result.entries;
    } else {
      throw new Response("Not Found", { status: 404 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return unavailable(`sitemaps/${file}`, error);
  }
  return urlsetResponse(context.config.publicUrl, entries);
}
