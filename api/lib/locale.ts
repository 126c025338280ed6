import type { MiddlewareHandler } from "hono";
import { DEFAULT_LOCALE, LOCALES, type Locale, type Localized } from "../../contract/common";

const isLocale = (value: string | undefined | null): value is Locale => LOCALES.includes(value as Locale);

/** The first of our languages in an Accept-Language header, by the client's preference (q). */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split("-")[0], weight: Number.isNaN(weight) ? 0 : weight, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/** `?locale=` wins (requests without a token carry it, SPEC section 6), then Accept-Language, then ru. */
export function resolveLocale(queryLocale: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(queryLocale)) return queryLocale;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The text in the locale, falling back to ru, then to any language that has it. */
export function localize(text: Partial<Localized> | null | undefined, locale: Locale): string {
  if (!text) return "";
  return text[locale] || text[DEFAULT_LOCALE] || LOCALES.map((l) => text[l]).find(Boolean) || "";
}

export const localeMiddleware: MiddlewareHandler<{ Variables: { locale: Locale } }> = async (c, next) => {
  c.set("locale", resolveLocale(c.req.query("locale"), c.req.header("Accept-Language")));
  // Said before the route runs, so the answer `c.json` builds carries it from the start. A header
  // added to a finished answer made Hono copy it into a new Response around the old one's body
  // stream: every answer was then read through a web stream (its text encoded and decoded again),
  // in process and over HTTP alike (issue 33).
  c.header("Vary", "Accept-Language", { append: true });
  await next();
  // An answer the route built itself (`new Response`) did not take the header above.
  if (!varies(c.res.headers.get("Vary"))) c.header("Vary", "Accept-Language", { append: true });
};

const varies = (vary: string | null) => vary !== null && /(^|,)\s*accept-language\s*(,|$)/i.test(vary);
