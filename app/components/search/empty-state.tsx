import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { SearchLinks } from "~/routes-server/($lang).estates._index.server";

/** Nothing matched: say so kindly and offer the filters worth relaxing, each one a plain link. */
export function EmptyState({ links }: { links: SearchLinks }) {
  const { t } = useTranslation("estates");
  const relaxations = links.relax;
  return (
    <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="empty-state">
      <svg viewBox="0 0 64 64" aria-hidden="true" className="mx-auto h-16 w-16 text-brand-500">
        <path d="M8 30 32 10l24 20" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M15 26v26h34V26" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinejoin="round" />
        <circle cx="32" cy="38" r="7" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="m37 43 6 6" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="mt-4 text-xl font-semibold text-stone-900">{t("empty.title")}</h2>
      <p className="mx-auto mt-2 max-w-md text-stone-600">{relaxations.length ? t("empty.text") : t("empty.textNoFilters")}</p>
      {relaxations.length ? (
        <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label={t("empty.suggestions")}>
          {relaxations.map((r) => (
            <li key={r.key}>
              <Link
                to={r.href}
                className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50"
                data-testid={`relax-${r.key}`}
              >
                <span aria-hidden="true" className="text-stone-400">
                  ✕
                </span>
                {t(`relax.${r.key}`, r.count !== undefined ? { count: r.count } : undefined)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={links.resetAll} className="btn-secondary mt-6" data-testid="empty-reset">
        {t("filters.resetAll")}
      </Link>
    </div>
  );
}
