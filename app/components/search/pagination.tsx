import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

const base = "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium";

/** Plain links (`?page=2`, keeping the filter), previous and next included. */
export function Pagination({ page, lastPage, hrefFor }: { page: number; lastPage: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("estates");
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-10 flex flex-wrap items-center justify-center gap-1.5" data-testid="pagination">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${base} border border-stone-300 bg-white hover:bg-stone-100`} data-testid="page-prev">
          <span aria-hidden="true">←</span>&nbsp;{t("pagination.previous")}
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, lastPage).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-400">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${base} bg-stone-900 text-white`}>
                  <span className="sr-only">{t("pagination.page", { page: p })}</span>
                  <span aria-hidden="true">{p}</span>
                </span>
              ) : (
                <Link to={hrefFor(p)} className={`${base} text-stone-700 hover:bg-stone-100`} aria-label={t("pagination.page", { page: p })} data-testid={`page-${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < lastPage ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${base} border border-stone-300 bg-white hover:bg-stone-100`} data-testid="page-next">
          {t("pagination.next")}&nbsp;<span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
