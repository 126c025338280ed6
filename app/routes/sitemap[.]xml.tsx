import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TypesResponse } from "../../contract/directory";
import type { ComplexResponse, SearchResponse } from "../../contract/estate";
import { LOCALES, localizePath } from "~/i18n/config";
import { createApiClient } from "~/lib/api.server";

/** The search API's largest page. */
const PAGE_SIZE = 100;
/** A sitemap holds at most 50,000 URLs; each page is listed in three languages. */
const MAX_PAGES = 16_000 / PAGE_SIZE;
/** Complexes whose units are looked up at the same time. */
const UNIT_LOOKUPS_AT_ONCE = 6;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * `/sitemap.xml`: every public page in its three languages (Russian unprefixed, `/en`, `/ky`), each
 * entry naming the others with `xhtml:link rel="alternate" hreflang`. Estates are paged out of the
 * search API; units of complexes, which search does not list, come from each complex.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const api = createApiClient(context, { locale: "ru" });
  const publicUrl = context.config.publicUrl.replace(/\/+$/, "");

  let types: TypesResponse["types"];
  const estates: { id: number; slug: string; typeId: number }[] = [];
  try {
    types = (await api.get<TypesResponse>("/api/v1/guest/types")).types;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const result = await api.post<SearchResponse>("/api/v1/guest/estate", {
        page,
        perPage: PAGE_SIZE,
        adultCount: 1,
        childrenCount: 0,
        priceFrom: 0,
        priceTo: 10_000_000,
        orderBy: "newest",
      });
      estates.push(...result.estates.map((e) => ({ id: e.id, slug: e.slug, typeId: e.type.id })));
      if (!result.hasMore) break;
    }
  } catch (error) {
    // A half-empty sitemap cached for an hour would tell crawlers pages are gone: say "later" instead.
    console.error("sitemap.xml: the API failed", error);
    return new Response("The sitemap is temporarily unavailable.", { status: 503, headers: { "Retry-After": "300", "Content-Type": "text/plain; charset=utf-8" } });
  }

  const withUnits = new Set(types.filter((t) => t.kind !== "simple").map((t) => t.id));
  const complexes = estates.filter((e) => withUnits.has(e.typeId));
  const units = (
    await mapLimited(complexes, UNIT_LOOKUPS_AT_ONCE, (complex) =>
      api
        .get<ComplexResponse>(`/api/v1/guest/estate/complex/${complex.id}`)
        .then((r) => r.children.map((c) => c.slug))
        .catch(() => [] as string[]),
    )
  ).flat();

  const seen = new Set<string>();
  const paths = [
    "/",
    "/estates",
    "/app",
    ...types.map((t) => `/estates/category/${encodeURIComponent(t.slug)}`),
    ...estates.map((e) => `/estates/${encodeURIComponent(e.slug)}`),
    ...units.map((slug) => `/estates/${encodeURIComponent(slug)}`),
  ].filter((p) => !seen.has(p) && seen.add(p));

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const path of paths) {
    const variants = LOCALES.map((locale) => ({ locale, href: escapeXml(`${publicUrl}${localizePath(path, locale)}`) }));
    const alternates = [
      ...variants.map((v) => `<xhtml:link rel="alternate" hreflang="${v.locale}" href="${v.href}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${variants[0].href}"/>`,
    ].join("");
    for (const variant of variants) lines.push(`<url><loc>${variant.href}</loc>${alternates}</url>`);
  }
  lines.push("</urlset>");

  return new Response(`${lines.join("\n")}\n`, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
