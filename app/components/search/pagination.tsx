import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { SearchLinks } from "~/routes-server/($lang).estates._index.server";

const base = "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium";

/** Plain links (`?page=2`, keeping the filter), previous and next included; made by the loader. */
export function Pagination({ page, links }: { page: number; links: SearchLinks }) {
  const { t } = useTranslation("estates");
  if (links.pages.length <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-10 flex flex-wrap items-center justify-center gap-1.5" data-testid="pagination">
      {links.previous ? (
        <Link to={links.previous} rel="prev" className={`${base} border border-stone-300 bg-white hover:bg-stone-100`} data-testid="page-prev">
          <span aria-hidden="true">←</span>&nbsp;{t("pagination.previous")}
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {links.pages.map((p, i) =>
          "gap" in p ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-400">
              …
            </li>
          ) : (
            <li key={p.page}>
              {p.page === page ? (
                <span aria-current="page" className={`${base} bg-stone-900 text-white`}>
                  <span className="sr-only">{t("pagination.page", { page: p.page })}</span>
                  <span aria-hidden="true">{p.page}</span>
                </span>
              ) : (
                <Link to={p.href} className={`${base} text-stone-700 hover:bg-stone-100`} aria-label={t("pagination.page", { page: p.page })} data-testid={`page-${p.page}`}>
                  {p.page}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {links.next ? (
        <Link to={links.next} rel="next" className={`${base} border border-stone-300 bg-white hover:bg-stone-100`} data-testid="page-next">
          {t("pagination.next")}&nbsp;<span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
