import { useLocation } from "@remix-run/react";
import { LOCALES, localizePath, type Locale } from "~/i18n/config";

const LABELS: Record<Locale, { short: string; name: string }> = {
  ru: { short: "RU", name: "Русский" },
  en: { short: "EN", name: "English" },
  ky: { short: "KY", name: "Кыргызча" },
};

/**
 * Plain links to the same page in each language, so switching works without JavaScript. Russian
 * goes through `/ru/...`, which remembers the choice and redirects to the unprefixed page.
 */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const { pathname, search } = useLocation();
  return (
    <nav aria-label="Language / Язык / Тил" className="flex items-center rounded-full border border-stone-200 bg-white p-0.5 text-sm">
      {LOCALES.map((lng) => {
        const href = lng === "ru" ? `/ru${localizePath(pathname, "ru") === "/" ? "" : localizePath(pathname, "ru")}${search}` : `${localizePath(pathname, lng)}${search}`;
        const current = lng === locale;
        return (
          <a
            key={lng}
            href={href}
            hrefLang={lng}
            lang={lng}
            title={LABELS[lng].name}
            aria-current={current ? "true" : undefined}
            data-testid={`lang-${lng}`}
            className={`rounded-full px-2.5 py-1 font-medium ${current ? "bg-stone-900 text-white" : "text-stone-600 hover:bg-stone-100"}`}
          >
            {LABELS[lng].short}
          </a>
        );
      })}
    </nav>
  );
}
