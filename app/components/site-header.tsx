import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localizePath, type Locale } from "~/i18n/config";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

export function SiteHeader({ locale }: { locale: Locale }) {
  const { t } = useTranslation("common");
  const path = (to: string) => localizePath(to, locale);
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:h-16">
        <Link to={path("/")} className="flex items-center gap-2 font-bold tracking-tight" aria-label={t("brand.home")}>
          <Logo />
          <span className="text-lg text-stone-900">Konok</span>
        </Link>
        <nav className="ml-4 hidden items-center gap-1 text-sm font-medium text-stone-700 md:flex" aria-label={t("nav.label")}>
          <Link to={path("/estates")} className="rounded-full px-3 py-2 hover:bg-stone-100">
            {t("nav.stays")}
          </Link>
          <Link to={path("/app")} className="rounded-full px-3 py-2 hover:bg-stone-100">
            {t("nav.app")}
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher locale={locale} />
          <Link to={path("/login")} className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100" data-testid="sign-in">
            {t("nav.signIn")}
          </Link>
        </div>
      </div>
    </header>
  );
}
