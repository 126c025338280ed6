import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { stripLocale } from "~/i18n/config";
import { HOST_CREATE, HOST_MENU, isHostPlace } from "./host-menu";

/**
 * The bar of host mode's places at the top of every host page (host-menu.ts has the list): on a
 * phone a strip that scrolls sideways, the current place marked for screen readers too.
 */
export function HostNav() {
  const { t } = useTranslation("common");
  const { path } = useLocale();
  const here = stripLocale(useLocation().pathname);
  const pill = "inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 ring-1";
  return (
    <nav aria-label={t("hostMenu.label")} className="-mx-4 mb-5 overflow-x-auto px-4" data-testid="host-nav">
      <ul className="flex gap-2 py-1 text-sm font-medium">
        {HOST_MENU.map((item) => {
          const current = isHostPlace(item, here);
          return (
            <li key={item.key}>
              <Link
                to={path(item.to)}
                aria-current={current ? "page" : undefined}
                data-testid={`host-nav-${item.key}`}
                className={`${pill} ${current ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-50"}`}
              >
                {t(`hostMenu.${item.key}`)}
              </Link>
            </li>
          );
        })}
        <li>
          <Link
            to={path(HOST_CREATE.to)}
            aria-current={isHostPlace(HOST_CREATE, here) ? "page" : undefined}
            data-testid={`host-nav-${HOST_CREATE.key}`}
            className={`${pill} bg-brand-50 text-brand-800 ring-brand-200 hover:bg-brand-100`}
          >
            <span aria-hidden="true" className="mr-1.5 text-base leading-none">+</span>
            {t(`hostMenu.${HOST_CREATE.key}`)}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** A kind's key in the `listing` dictionary ("complex.simple" has a dot, which i18next reads as nesting). */
export const kindKey = (kind: string) => (kind === "complex.simple" ? "unit" : kind);
