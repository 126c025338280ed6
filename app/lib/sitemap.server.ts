/** XML of the sitemaps: each page in every language, naming its alternates (hreflang and x-default). */
import type { SitemapEntry } from "../../contract/content";
import { LOCALES, localizePath } from "~/i18n/config";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

export function urlsetResponse(publicUrl: string, entries: SitemapEntry[]): Response {
  const base = publicUrl.replace(/\/+$/, "");
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  ];
  for (const entry of entries) {
    const variants = LOCALES.map((locale) => ({ locale, href: escapeXml(`${base}${localizePath(entry.path, locale)}`) }));
    const alternates = [
      ...variants.map((v) => `<xhtml:link rel="alternate" hreflang="${v.locale}" href="${v.href}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${variants[0].href}"/>`,
    ].join("");
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : "";
    const image = entry.image ? `<image:image><image:loc>${escapeXml(/^https?:/.test(entry.image) ? entry.image : `${base}${entry.image}`)}</image:loc></image:image>` : "";
    for (const variant of variants) lines.push(`<url><loc>${variant.href}</loc>${lastmod}${alternates}${image}</url>`);
  }
  lines.push("</urlset>");
  return new Response(`${lines.join("\n")}\n`, { headers: XML_HEADERS });
}

export function indexResponse(publicUrl: string, files: string[]): Response {
  const base = publicUrl.replace(/\/+$/, "");
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const file of files) lines.push(`<sitemap><loc>${escapeXml(`${base}/sitemaps/${file}`)}</loc></sitemap>`);
  lines.push("</sitemapindex>");
  return new Response(`${lines.join("\n")}\n`, { headers: XML_HEADERS });
}

/** A half-empty sitemap cached for an hour would tell crawlers pages are gone: say "later" instead. */
export function unavailable(what: string, error: unknown): Response {
  console.error(`${what}: the API failed`, error);
  return new Response("The sitemap is temporarily unavailable.", { status: 503, headers: { "Retry-After": "300", "Content-Type": "text/plain; charset=utf-8" } });
}
