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

type Translator = ReturnType<typeof i18nServer.getFixedT>;

/**
 * remix-i18next's getFixedT creates and initialises a whole i18next instance on every call (~5 %
 * of a signed-in page's CPU). A translator holds nothing of the request that asked for it (the
 * dictionaries are in memory and the same for everyone), so one per language and namespace list
 * is kept. The lists come from the code, so a few dozen at most; the bound only guards the map
 * should a caller ever build them from input.
 */
const translators = new Map<string, Translator>();
export const MAX_KEPT_TRANSLATORS = 256;

export function getT(locale: Locale, ns: Namespace | [Namespace, ...Namespace[]] = "common"): Translator {
  const key = `${locale}:${Array.isArray(ns) ? ns.join(",") : ns}`;
  const kept = translators.get(key);
  if (kept) return kept;
  const made = i18nServer.getFixedT(locale, ns);
  if (translators.size < MAX_KEPT_TRANSLATORS) {
    translators.set(key, made);
    made.catch(() => translators.delete(key));
  }
  return made;
}

/** How many translators are kept (for tests). */
export const keptTranslators = () => translators.size;
