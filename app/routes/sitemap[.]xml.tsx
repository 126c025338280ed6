import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/lib/api.server";
import { indexResponse, unavailable } from "~/lib/sitemap.server";
import { endpoints } from "../../contract/endpoints";

/**
 * `/sitemap.xml`: the index of the per-kind sitemaps (app/routes/sitemaps.$file.tsx): static pages,
 * articles, and estates in files of at most 16,000 pages × 3 languages (under 50,000 URLs each).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const { pages = 1 } = await createApiClient(context, { locale: "ru" }).call(endpoints.sitemapEstates, { query: { page: 1, countOnly: 1 } });
    const estates = Array.from({ length: pages }, (_, i) => `estates-${i + 1}.xml`);
    return indexResponse(context.config.publicUrl, ["static.xml", "articles.xml", ...estates]);
  } catch (error) {
    return unavailable("sitemap.xml", error);
  }
}
