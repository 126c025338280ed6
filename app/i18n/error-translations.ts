import en from "../locales/en/errors.json";
import ky from "../locales/ky/errors.json";
import ru from "../locales/ru/errors.json";
import type { Locale } from "./config";

const byLocale = { ru, en, ky };

/** The error page's own words, shipped with the page for when the root loader could not run. */
export function errorTranslations(locale: Locale) {
  return { errors: byLocale[locale] };
}
