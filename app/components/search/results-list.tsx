import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { EstateCard } from "~/components/estate-card";
import type { StayCard } from "~/lib/stay-card";
import { Pagination } from "./pagination";
import type { SearchLinks, SearchPageData } from "~/routes-server/($lang).estates._index.server";
import { useHydrated } from "remix-utils/use-hydrated";

type Shown = { estates: StayCard[]; page: number; links: SearchLinks; firstNew: number | null; total: number; totalExact: boolean; hasMore: boolean };

/**
 * The cards of a result page and, below them, the way on. Without JavaScript that is the page
 * links (`?page=2`). With it, "Show more" loads the next page through a fetcher and appends it;
 * the address moves to that page (history.replaceState, so Back still leaves the list) and the
 * page links follow, so a reload lands on the page the guest reached.
 *
 * The parent gives this a `key` per filter and page: a new search starts a new list.
 */
export function ResultsList({ result, links, cardSearch }: { result: NonNullable<SearchPageData["result"]>; links: SearchLinks; cardSearch: string }) {
  const { t } = useTranslation("estates");
  const fetcher = useFetcher<SearchPageData>();
  const [shown, setShown] = useState<Shown>({ estates: result.estates, page: result.page, links, firstNew: null, total: result.total, totalExact: result.totalExact, hasMore: result.hasMore });
  // True once the page is hydrated (and at once for a list mounted after that), from remix-utils.
  const hydrated = useHydrated();
  const listRef = useRef<HTMLUListElement>(null);

  // A page arrived: append what is new (a stay can move between pages while the guest reads).
  useEffect(() => {
    const next = fetcher.data?.result;
    if (fetcher.state !== "idle" || !next || next.page <= shown.page) return;
    const known = new Set(shown.estates.map((e) => e.id));
    const added = next.estates.filter((e) => !known.has(e.id));
    setShown({
      estates: [...shown.estates, ...added],
      page: next.page,
      links: fetcher.data!.links,
      firstNew: added.length ? shown.estates.length : null,
      total: next.total,
      totalExact: next.totalExact,
      hasMore: next.hasMore,
    });
    const href = shown.links.next;
    if (href) window.history.replaceState(window.history.state, "", href);
  }, [fetcher.state, fetcher.data, shown]);

  // Keyboard and screen-reader users continue from the first new stay.
  useEffect(() => {
    if (shown.firstNew === null) return;
    listRef.current?.children[shown.firstNew]?.querySelector<HTMLAnchorElement>("a[data-testid=estate-card-link]")?.focus({ preventScroll: true });
  }, [shown.firstNew]);

  const loading = fetcher.state !== "idle";
  // Counted through the page reached, so a list reloaded on page 3 reads "64 of 200" after one more.
  // "100+" stays the count past the hundredth card: "120 of 100+" (issue 27), never a count that grows.
  const reached = shown.totalExact ? Math.min(shown.total, shown.page * result.perPage) : shown.page * result.perPage;
  return (
    <>
      <ul ref={listRef} className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="results" aria-busy={loading || undefined}>
        {shown.estates.map((estate, index) => (
          <li key={estate.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <EstateCard estate={estate} search={cardSearch} eager={index === 0} />
            </div>
          </li>
        ))}
      </ul>
      {hydrated && shown.links.next ? (
        <div className="mt-8 flex flex-col items-center gap-2">
          <button
            type="button"
            className="btn-secondary min-w-48"
            disabled={loading}
            onClick={() => fetcher.load(shown.links.next!)}
            data-testid="show-more"
          >
            {loading ? t("more.loading") : t("more.button")}
          </button>
          <p className="text-xs text-stone-500" data-testid="shown-count">
            {/* A broad search stops counting at the cap (SearchResponse.total): "100+". */}
            {t("more.shown", { count: reached, total: shown.totalExact ? shown.total : `${shown.total}+` })}
          </p>
        </div>
      ) : null}
      <Pagination page={shown.page} links={shown.links} />
    </>
  );
}
