import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

const link = "inline-flex min-h-11 items-center justify-center gap-1 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:bg-stone-100";

/** Previous / next as plain `?page=N` links, with where the reader is. */
export function Pager({ page, lastPage, hrefFor }: { page: number; lastPage: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("account");
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t("pager.label")} className="mt-5 flex items-center justify-between gap-3" data-testid="pager">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={link} data-testid="pager-prev">
          <span aria-hidden="true">←</span> {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-500">{t("pager.position", { page, total: lastPage })}</span>
      {page < lastPage ? (
        <Link to={hrefFor(page + 1)} rel="next" className={link} data-testid="pager-next">
          {t("pager.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `?page=` as a positive whole number; anything else is the first page. */
export function pageFrom(request: Request): number {
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
}
