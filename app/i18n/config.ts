import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../contract/locales";

export { DEFAULT_LOCALE, LOCALES, type Locale };

export const NAMESPACES = ["common", "home", "estates", "estate", "errors", "auth", "account", "booking", "map", "content", "listing", "hosting", "admin"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The locale a URL path is in: `/en/...` and `/ky/...` are prefixed; everything else is Russian. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return first === "en" || first === "ky" ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix (`/en/estates` → `/estates`). */
export function stripLocale(pathname: string): string {
  const stripped = pathname.replace(/^\/(en|ky|ru)(?=\/|$)/, "");
  return stripped === "" ? "/" : stripped;
}

/** A path in the given locale (`/estates`, "en" → `/en/estates`; Russian stays unprefixed). */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

/** Intl tags for formatting: Kyrgyz formats as ky-KG (instants are shown in Bishkek time: BISHKEK_TIME_ZONE, contract/dates.ts). */
export const INTL_LOCALE: Record<Locale, string> = { ru: "ru-RU", en: "en-GB", ky: "ky-KG" };
