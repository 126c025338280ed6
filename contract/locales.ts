/** The interface languages. Free of zod on purpose: the browser bundle imports it. */
export const LOCALES = ["ru", "en", "ky"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";
