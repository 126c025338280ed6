import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localizePath, type Locale } from "~/i18n/config";
import type { SessionUser } from "~/lib/session.server";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

export function SiteHeader({ locale, user }: { locale: Locale; user: SessionUser | null }) {
  const { t } = useTranslation("common");
  const path = (to: string) => localizePath(to, locale);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
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
          {user ? (
            <UserMenu user={user} path={path} here={here} />
          ) : (
            <Link
              to={`${path("/login")}${location.pathname.match(/\/(login|sms|register|set-password|personal-info|reset-password)$/) ? "" : `?redirectTo=${encodeURIComponent(here)}`}`}
              className="rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
              data-testid="sign-in"
            >
              {t("nav.signIn")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The signed-in person's menu as a <details> disclosure: it opens without JavaScript. Switching
 * mode and signing out are POST forms (a link could be triggered by another site).
 */
function UserMenu({ user, path, here }: { user: SessionUser; path: (to: string) => string; here: string }) {
  const { t } = useTranslation("common");
  const nextMode = user.mode === "host" ? "guest" : "host";
  return (
    <details className="relative" data-testid="user-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full border border-stone-300 p-1 text-sm font-medium hover:bg-stone-100 sm:pr-3">
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
          {(user.name || "?").slice(0, 1).toUpperCase()}
        </span>
        {/* On a phone the initial alone fits beside the language switcher. */}
        <span className="hidden max-w-[7rem] truncate sm:inline">{user.name || t("account.menu")}</span>
        <span className="sr-only">{t(`account.mode.${user.mode}`)}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-60 rounded-2xl border border-stone-200 bg-white p-2 text-sm shadow-lg">
        <p className="px-3 py-2 text-xs text-stone-500" data-testid="current-mode">
          {t(`account.mode.${user.mode}`)}
        </p>
        <Link to={path("/profile")} className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          {t("account.profile")}
        </Link>
        <Link to={path("/profile/notifications")} className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          {t("account.notifications")}
        </Link>
        <Form method="post" action={path("/mode")}>
          <input type="hidden" name="mode" value={nextMode} />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="block w-full rounded-lg px-3 py-2 text-left hover:bg-stone-100" data-testid="switch-mode">
            {t(`account.switchTo.${nextMode}`)}
          </button>
        </Form>
        <Form method="post" action={path("/logout")}>
          <button type="submit" className="block w-full rounded-lg px-3 py-2 text-left text-red-700 hover:bg-red-50" data-testid="logout">
            {t("account.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
