import { useTranslation } from "~/i18n/use-translation";
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from "./config";

/** The page's language and a function giving a path in it (`/estates` → `/en/estates`). */
export function useLocale() {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return { locale, path: (to: string) => localizePath(to, locale) };
}
