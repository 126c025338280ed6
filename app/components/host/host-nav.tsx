import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";

/**
 * The host area's menu: a plain list of links, so the host's bookings and calendar (issue 13)
 * join it as one more line each.
 */
const LINKS = [
  { key: "objects", to: "/host/objects", end: true },
  { key: "create", to: "/create", end: false },
] as const;

export function HostNav() {
  const { t } = useTranslation("listing");
  const { path } = useLocale();
  return (
    <nav aria-label={t("nav.label")} className="mb-5 overflow-x-auto">
      <ul className="flex gap-2 py-1 text-sm font-medium">
        {LINKS.map((link) => (
          <li key={link.key}>
            <NavLink
              to={path(link.to)}
              end={link.end}
              className={({ isActive }) =>
                `inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 ring-1 ${isActive ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-50"}`
              }
            >
              {t(`nav.${link.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A kind's key in the `listing` dictionary ("complex.simple" has a dot, which i18next reads as nesting). */
export const kindKey = (kind: string) => (kind === "complex.simple" ? "unit" : kind);
