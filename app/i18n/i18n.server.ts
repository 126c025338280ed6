import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, LOCALES, NAMESPACES, isLocale, type Locale, type Namespace } from "./config";
import { resources } from "./resources.server";

/**
 * The stored language preference (SPEC section 3: 365 days, SameSite Lax). Every serialize()
 * passes `secure: context.config.production`: the flag needs the request's context.
 */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
});

/**
 * Language detection of SPEC section 4: the route prefix, then the stored cookie, then the
 * browser's Accept-Language, then Russian. Translations are in memory (loaded once at start),
 * so a request's TFunction costs no file reads.
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
  i18next: {
    resources,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
});

/** The language a visitor would choose for an unprefixed URL. */
export async function preferredLocale(request: Request): Promise<Locale> {
  const found = await i18nServer.getLocale(request);
  return isLocale(found) ? found : DEFAULT_LOCALE;
}

export function getT(locale: Locale, ns: Namespace | [Namespace, ...Namespace[]] = "common") {
  return i18nServer.getFixedT(locale, ns);
}
