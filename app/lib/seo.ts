/**
 * The head tags every public page carries: title and description, the canonical address and its
 * hreflang alternates (ru, en, ky and x-default, the unprefixed Russian page), Open Graph and
 * Twitter tags, and schema.org JSON-LD. Loaders build a `Seo` with `seoFor` (they know the public
 * URL); `meta` functions turn it into tags with `seoMeta`.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { LOCALES, localizePath, type Locale } from "~/i18n/config";

export type Seo = {
  title: string;
  description: string;
  canonical: string;
  alternates: { locale: Locale | "x-default"; href: string }[];
  image: string | null;
  ogType: "website" | "article";
  locale: Locale;
  jsonLd: Record<string, unknown>[];
  noindex: boolean;
};

const OG_LOCALE: Record<Locale, string> = { ru: "ru_RU", en: "en_US", ky: "ky_KG" };

export const absoluteUrl = (publicUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;

/**
 * `path` is the page's unprefixed path (`/articles`), with the query that makes it a distinct
 * page (`?page=2`) if any: every language variant keeps it.
 */
export function seoFor(options: {
  publicUrl: string;
  locale: Locale;
  path: string;
  title: string;
  description: string;
  image?: string | null;
  ogType?: Seo["ogType"];
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
}): Seo {
  const base = options.publicUrl.replace(/\/+$/, "");
  const [pathname, query] = options.path.split("?");
  const href = (locale: Locale) => `${base}${localizePath(pathname, locale)}${query ? `?${query}` : ""}`;
  return {
    title: options.title,
    description: options.description,
    canonical: href(options.locale),
    alternates: [...LOCALES.map((locale) => ({ locale, href: href(locale) })), { locale: "x-default" as const, href: href("ru") }],
    image: options.image ? absoluteUrl(base, options.image) : null,
    ogType: options.ogType ?? "website",
    locale: options.locale,
    jsonLd: options.jsonLd ?? [],
    noindex: options.noindex ?? false,
  };
}

/** schema.org BreadcrumbList from unprefixed paths, in the page's language. */
export function breadcrumbList(publicUrl: string, locale: Locale, items: { name: string; path: string }[]): Record<string, unknown> {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: `${base}${localizePath(item.path, locale)}` })),
  };
}

export function seoMeta(seo: Seo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.locale, href: a.href })),
    { property: "og:type", content: seo.ogType },
    { property: "og:site_name", content: "Konok" },
    { property: "og:locale", content: OG_LOCALE[seo.locale] },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image }, { name: "twitter:image", content: seo.image });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of seo.jsonLd) tags.push({ "script:ld+json": data });
  return tags;
}

/** The meta of a page whose loader failed (404 and the like): a title, and no indexing. */
export function errorMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Konok` }, { name: "robots", content: "noindex" }];
}

type MetaArgs = { matches: { id: string; data: unknown }[]; location: { pathname: string } };

/**
 * SEO tags for a page whose loader gives only a title and description: the canonical address is
 * the page's path without its query (filters and dates make no new page), from the root's data.
 */
export function pageSeoMeta(args: MetaArgs, page: { title: string; description: string }): MetaDescriptor[] {
  const root = args.matches.find((m) => m.id === "root")?.data as { publicUrl?: string; locale?: Locale } | undefined;
  if (!root?.publicUrl || !root.locale) return [{ title: page.title }, { name: "description", content: page.description }];
  return seoMeta(seoFor({ publicUrl: root.publicUrl, locale: root.locale, path: args.location.pathname.replace(/^\/(en|ky)(?=\/|$)/, "") || "/", ...page }));
}
