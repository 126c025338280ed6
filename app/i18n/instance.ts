import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, NAMESPACES, type Locale } from "./config";

/**
 * One i18next instance per render, built synchronously from translations the page already carries
 * (no backend, no detector: the server decided the language from the URL).
 */
export function createI18n(locale: Locale, translations: Resource[string]): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [locale]: translations },
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}
