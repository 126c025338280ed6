/**
 * The home page's lower parts: popular places, reasons to book here and the apps band. Links and
 * text only, so the server renders them and the browser loads their code only when they near the
 * screen (app/components/deferred.tsx, decision 0055): not part of the home page's first load.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { DESTINATIONS } from "~/components/search/destinations";
import { useLocale } from "~/i18n/use-locale";

export function LowerSections() {
  return (
    <>
      <Destinations />
      <Benefits />
      <AppPromo />
    </>
  );
}

/** Popular places, each a search for that place. */
function Destinations() {
  const { t } = useTranslation("home");
  const { locale, path } = useLocale();
  return (
    <section aria-labelledby="destinations-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      {/* sections.tsx's SectionHeader, written out: importing it from the home route's chunk would
          split that chunk in two (a re-exporting entry file on the first load). */}
      <div className="mb-5">
        <h2 id="destinations-title" className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
          {t("destinations.title")}
        </h2>
        <p className="mt-1 text-stone-600">{t("destinations.subtitle")}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3" data-testid="destinations">
        {DESTINATIONS.map((d) => (
          <li key={d.key}>
            <Link
              to={`${path("/estates")}?${new URLSearchParams({ location: d.names[locale] })}`}
              className={`group relative flex h-full min-h-[8.5rem] flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br p-4 text-white shadow-sm sm:min-h-[11rem] ${d.tone}`}
              data-testid="destination-link"
            >
              <svg viewBox="0 0 200 80" preserveAspectRatio="none" aria-hidden="true" className="absolute inset-x-0 bottom-0 h-2/3 w-full opacity-25 transition duration-500 group-hover:scale-105">
                <path d="M0 80 L0 55 L30 30 L48 44 L80 12 L108 40 L128 28 L160 52 L182 36 L200 48 L200 80 Z" fill="white" />
                <path d="M72 20 L80 12 L88 21 L82 19 L77 23 Z" fill="white" opacity="0.9" />
              </svg>
              <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-black/35 to-transparent" />
              <span className="relative text-lg font-bold leading-tight drop-shadow-sm sm:text-xl">{d.names[locale]}</span>
              <span className="relative mt-0.5 text-sm leading-snug text-white drop-shadow-sm">{t(`destinations.places.${d.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Reasons to book here, short enough to read on a phone. */
function Benefits() {
  const { t } = useTranslation("home");
  const items = [
    { key: "verified", path: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Zm-3.5 9 2.5 2.5 4.5-5" },
    { key: "instant", path: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z" },
    { key: "local", path: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" },
  ];
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <h2 id="benefits-title" className="sr-only">
        {t("benefits.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.key} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d={item.path} />
              </svg>
            </span>
            <span>
              <span className="block font-semibold text-stone-900">{t(`benefits.${item.key}.title`)}</span>
              <span className="mt-1 block text-sm text-stone-600">{t(`benefits.${item.key}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A band pointing to the mobile apps page. */
function AppPromo() {
  const { t } = useTranslation("home");
  const { path } = useLocale();
  return (
    <section aria-labelledby="app-promo-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <div className="relative overflow-hidden rounded-3xl bg-stone-900 px-6 py-8 text-white sm:flex sm:items-center sm:justify-between sm:gap-8 sm:px-10 sm:py-10">
        <div aria-hidden="true" className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-brand-600/40 blur-2xl" />
        <div className="relative">
          <h2 id="app-promo-title" className="text-xl font-bold sm:text-2xl">
            {t("appPromo.title")}
          </h2>
          <p className="mt-2 max-w-xl text-stone-300">{t("appPromo.text")}</p>
        </div>
        <Link to={path("/app")} className="relative mt-5 inline-flex shrink-0 items-center gap-2 rounded-full bg-white px-5 py-2.5 font-semibold text-stone-900 hover:bg-stone-100 sm:mt-0">
          {t("appPromo.cta")} →
        </Link>
      </div>
    </section>
  );
}
