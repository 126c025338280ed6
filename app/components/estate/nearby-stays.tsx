import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { EstateCard } from "~/components/estate-card";
import type { loader } from "~/routes/($lang).estates.$slug_.nearby";
import { NEARBY_SECTION_PARAM } from "./search-params";
import { SectionTitle } from "./sections";

/** As many as one row holds on a wide screen. */
const SHOWN = 4;
const ROW = "-mx-4 mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-4";
const ITEM = "flex w-[78%] shrink-0 snap-start sm:w-auto [&>*]:w-full";

/**
 * "Stays nearby" under the estate page. It is not part of the page's first answer (decision 0059):
 * the server renders the heading and a link to `/estates/{slug}/nearby`, the list's own page,
 * which is all a browser without JavaScript needs. With it, the part hydrates when it nears the
 * screen (deferred.tsx) and loads that page's data in place; no stays, or a failure, and the
 * section is gone, as before when the page had none.
 */
export function NearbyStays({ href, search }: { href: string; search: string }) {
  const { t } = useTranslation("estate");
  const fetcher = useFetcher<typeof loader>();
  const dataHref = `${href}${href.includes("?") ? "&" : "?"}${NEARBY_SECTION_PARAM}=1`;
  const { load } = fetcher;
  useEffect(() => {
    load(dataHref);
  }, [load, dataHref]);
  const stays = fetcher.data?.stays;
  if (stays && stays.length === 0) return null;
  return (
    <section aria-labelledby="nearby-title" aria-busy={!stays && fetcher.state === "loading" ? true : undefined} className="mt-14 border-t border-stone-200 pt-10" data-testid="nearby">
      <SectionTitle id="nearby-title">{t("nearby.title")}</SectionTitle>
      {stays ? (
        // A swipeable row on a phone, a grid from tablet width up.
        <ul className={ROW}>
          {stays.slice(0, SHOWN).map((stay) => (
            <li key={stay.id} className={ITEM}>
              <EstateCard estate={stay} search={search} />
            </li>
          ))}
        </ul>
      ) : fetcher.state === "loading" ? (
        // Cards' outlines while they load, instead of the link that is about to go.
        <ul className={ROW} aria-hidden="true" data-testid="nearby-loading">
          {Array.from({ length: SHOWN }, (_, i) => (
            <li key={i} className={ITEM}>
              <div className="card">
                <div className="card-photo animate-pulse" />
                <div className="h-32" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Link to={href} className="btn-secondary mt-4 inline-flex" data-testid="nearby-link">
          {t("nearby.show")}
        </Link>
      )}
    </section>
  );
}
