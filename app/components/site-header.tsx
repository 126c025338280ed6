import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { localizePath, type Locale } from "~/i18n/config";
import type { SessionUser } from "~/lib/session.server";
import { LanguageSwitcher } from "./language-switcher";
import { useRealtime } from "./realtime/realtime";
import { Icon } from "./icon";
import { HOST_CREATE, HOST_MENU } from "./host/host-menu";
import { Logo } from "./logo";

export function SiteHeader({ locale, user, favorites }: { locale: Locale; user: SessionUser | null; favorites: number }) {
  const { t } = useTranslation("common");
  const path = (to: string) => localizePath(to, locale);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:h-16">
        <Link to={path("/")} className="flex items-center gap-2 font-bold tracking-tight" aria-label={t("brand.home")}>
          <Logo />
          {/* On a small phone the icons, languages and "Sign in" (or the account menu) need the room. */}
          <span className="text-lg text-stone-900 max-[389px]:hidden">Konok</span>
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
          <Link
            to={path(user ? "/profile/favorites" : "/favorites")}
            className="relative flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
            aria-label={favorites ? t("favorites.linkCount", { count: favorites }) : t("favorites.title")}
            data-testid="header-favorites"
          >
            <Icon name="heart" className="h-5 w-5 fill-none" />
            {favorites ? (
              <span aria-hidden="true" className="absolute right-0 top-0 min-w-4 rounded-full bg-brand-600 px-1 text-[10px] font-bold leading-4 text-white">
                {favorites > 99 ? "99+" : favorites}
              </span>
            ) : null}
          </Link>
          {user ? <MessagesLink user={user} path={path} /> : null}
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
  const notificationsUnread = useRealtime()?.unread?.notifications ?? 0;
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
        {user.mode === "host" ? <HostLinks path={path} /> : null}
        <Link to={path("/profile")} className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          {t("account.profile")}
        </Link>
        <Link to={path("/profile/notifications")} className="flex items-center rounded-lg px-3 py-2 hover:bg-stone-100" data-testid="menu-notifications">
          {t("account.notifications")}
          <UnreadBadge count={notificationsUnread} testId="unread-notifications" />
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

/**
 * Host mode's places (host-menu.ts) first in the menu, so a host on a phone reaches any of them
 * in two taps: the menu, then the place. "List a new place" is the last of them, set apart.
 */
function HostLinks({ path }: { path: (to: string) => string }) {
  const { t } = useTranslation("common");
  return (
    <div className="border-b border-stone-200 pb-2 mb-2" role="group" aria-label={t("hostMenu.label")}>
      {HOST_MENU.map((item) => (
        <Link key={item.key} to={path(item.to)} className="block rounded-lg px-3 py-2 hover:bg-stone-100" data-testid={`menu-host-${item.key}`}>
          {t(`hostMenu.${item.key}`)}
        </Link>
      ))}
      <Link to={path(HOST_CREATE.to)} className="mt-1 flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50" data-testid={`menu-host-${HOST_CREATE.key}`}>
        <span aria-hidden="true" className="text-base leading-none">+</span>
        {t(`hostMenu.${HOST_CREATE.key}`)}
      </Link>
    </div>
  );
}

/**
 * The conversations of the side the person is on, with the unread count: from the server on
 * every page load, then live (realtime/realtime.tsx).
 */
function MessagesLink({ user, path }: { user: SessionUser; path: (to: string) => string }) {
  const { t } = useTranslation("common");
  const count = useRealtime()?.unread?.messages ?? 0;
  return (
    <Link
      to={path(user.mode === "host" ? "/host/chat" : "/chat")}
      className="relative flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
      aria-label={count ? t("live.messagesCount", { count }) : t("live.messages")}
      data-testid="header-messages"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
        <path d="M4 5h16v11H8l-4 4V5Zm4 5h8M8 8h5" />
      </svg>
      {count ? (
        <span aria-hidden="true" className="absolute right-0 top-0 min-w-4 rounded-full bg-brand-600 px-1 text-[10px] font-bold leading-4 text-white" data-testid="unread-messages">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

function UnreadBadge({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation("common");
  if (!count) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-600 px-2 text-xs font-bold leading-5 text-white" data-testid={testId}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("live.notificationsCount", { count })}</span>
    </span>
  );
}
