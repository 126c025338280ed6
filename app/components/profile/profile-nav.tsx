import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { stripLocale } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";

/**
 * The account pages that exist so far. Messages join this list when its page is built: a link to
 * a missing page would be a dead end.
 */
const SECTIONS = [
  { key: "profile", to: "/profile" },
  { key: "bookings", to: "/profile/booking" },
  { key: "favorites", to: "/profile/favorites" },
  { key: "notifications", to: "/profile/notifications" },
  { key: "transactions", to: "/profile/transactions" },
  { key: "referral", to: "/profile/referral" },
  { key: "password", to: "/profile/change-password" },
  { key: "support", to: "/profile/support" },
] as const;

type SectionKey = (typeof SECTIONS)[number]["key"];

function activeSection(pathname: string): SectionKey {
  const bare = stripLocale(pathname);
  const found = SECTIONS.find((s) => s.key !== "profile" && (bare === s.to || bare.startsWith(`${s.to}/`)));
  return found?.key ?? "profile";
}

function Icon({ name }: { name: SectionKey }) {
  const common = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round" as const, strokeLinejoin: "round" as const };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0">
      {name === "profile" ? (
        <>
          <circle cx="12" cy="8" r="4" {...common} />
          <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" {...common} />
        </>
      ) : name === "bookings" ? (
        <>
          <rect x="4" y="5.5" width="16" height="14" rx="2" {...common} />
          <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4M8.5 14.5l2 2 4-4" {...common} />
        </>
      ) : name === "favorites" ? (
        <path d="M12 20s-7-4.3-8.6-9C2.4 8 4.3 5 7.4 5c1.9 0 3.4 1 4.6 2.8C13.2 6 14.7 5 16.6 5c3.1 0 5 3 4 6-1.6 4.7-8.6 9-8.6 9Z" {...common} />
      ) : name === "transactions" ? (
        <>
          <rect x="3.5" y="6" width="17" height="12" rx="2" {...common} />
          <path d="M3.5 10h17M7 14.5h3" {...common} />
        </>
      ) : name === "notifications" ? (
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15ZM10 20.5a2 2 0 0 0 4 0" {...common} />
      ) : name === "referral" ? (
        <>
          <circle cx="9" cy="8" r="3.5" {...common} />
          <path d="M3 19c.8-3.2 3.2-5 6-5s5.2 1.8 6 5M17 8v6M14 11h6" {...common} />
        </>
      ) : name === "password" ? (
        <>
          <rect x="5" y="10.5" width="14" height="9.5" rx="2" {...common} />
          <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" {...common} />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="8.5" {...common} />
          <path d="M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.4M12 16.8v.1" {...common} />
        </>
      )}
    </svg>
  );
}

/** Tabs that scroll sideways on a phone and stand in a column beside the page on a wide screen. */
export function ProfileNav() {
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const location = useLocation();
  const active = activeSection(location.pathname);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the current tab may sit past the edge: bring it into view (sideways only).
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    const li = current.parentElement ?? current;
    ul.scrollLeft = Math.max(0, li.offsetLeft - (ul.clientWidth - li.offsetWidth) / 2);
  }, [active]);
  return (
    <nav aria-label={t("nav.label")} className="-mx-4 mb-5 md:sticky md:top-24 md:mx-0 md:mb-0 md:self-start" data-testid="profile-nav">
      <ul ref={list} className="relative flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:flex-col md:gap-1 md:overflow-visible md:px-0 md:pb-0">
        {SECTIONS.map((s) => {
          const current = s.key === active;
          return (
            <li key={s.key} className="shrink-0">
              <Link
                to={path(s.to)}
                aria-current={current ? "page" : undefined}
                className={`flex min-h-11 items-center gap-2.5 whitespace-nowrap rounded-full px-4 text-sm font-medium transition md:rounded-xl ${
                  current ? "bg-stone-900 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100 md:bg-transparent md:ring-0"
                }`}
              >
                <Icon name={s.key} />
                {t(`nav.${s.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
