import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { FormattedText } from "~/components/content/formatted-text";
import { EstateCard } from "~/components/estate-card";
import { toStayCard } from "~/lib/stay-card";
import { Photo } from "~/components/photo";
import { useLocale } from "~/i18n/use-locale";
import { formatDate } from "~/lib/format";
import { errorMeta, seoMeta } from "~/lib/seo";
import { loadContentPage } from "~/components/content/content-page.server";
import { endpoints } from "../../contract/endpoints";

const PROMO_SLUG = "raduga";

/** `/promo_raduga`: the "Raduga" offer from the database; after its end date it says so and sends to the search. */
export function loader({ params, context }: LoaderFunctionArgs) {
  return loadContentPage(params, context, (api) => api.call(endpoints.promo, { params: { slug: PROMO_SLUG } }), (data) => ({
    path: "/promo_raduga",
    title: data.promo.title,
    description: data.promo.summary,
    image: data.promo.cover?.url ?? null,
  }));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? seoMeta(data.seo) : errorMeta("404"));

export default function PromoPage() {
  const { promo, estates } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const { locale, path } = useLocale();
  const from = formatDate(promo.startsOn, locale);
  const to = formatDate(promo.endsOn, locale);

  return (
    <div data-testid="promo-page" data-status={promo.status}>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 sm:py-12 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{t("promo.eyebrow")}</p>
            <h1 className="mt-2 text-3xl font-extrabold leading-tight tracking-tight text-stone-900 sm:text-4xl">{promo.title}</h1>
            <p className="mt-3 text-lg text-stone-700">{promo.summary}</p>
            {promo.status === "over" ? (
              <div role="status" className="mt-5 rounded-2xl bg-white p-4 ring-1 ring-stone-300" data-testid="promo-over">
                <p className="font-medium text-stone-900">{t("promo.over", { date: to })}</p>
                <Link to={path("/estates")} className="mt-3 inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
                  {t("promo.search")}
                </Link>
              </div>
            ) : (
              <div className="mt-5 flex flex-wrap items-center gap-3">
                <span className="rounded-full bg-brand-600 px-4 py-2 text-lg font-bold text-white">{t("promo.discount", { percent: promo.discountPercent })}</span>
                <span className="text-stone-700" data-testid="promo-validity">
                  {promo.status === "upcoming" ? t("promo.upcoming", { date: from }) : t("promo.validity", { from, to })}
                </span>
              </div>
            )}
          </div>
          {promo.cover ? <Photo photo={promo.cover} alt="" sizes="(min-width: 1024px) 40vw, 100vw" eager className="aspect-[3/2] w-full rounded-2xl object-cover" /> : null}
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-8">
        <FormattedText text={promo.body} className="max-w-3xl" />

        {promo.status !== "over" ? (
          <section aria-labelledby="promo-estates" className="mt-10">
            <h2 id="promo-estates" className="text-xl font-bold text-stone-900 sm:text-2xl">
              {t("promo.estates")}
            </h2>
            {estates.length ? (
              <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="promo-estates">
                {estates.map((estate) => (
                  <li key={estate.id}>
                    <EstateCard estate={toStayCard(estate)} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-stone-600">{t("promo.noEstates")}</p>
            )}
          </section>
        ) : null}

        <section aria-labelledby="promo-terms" className="mt-10 max-w-3xl rounded-2xl bg-white p-5 ring-1 ring-stone-200">
          <h2 id="promo-terms" className="font-semibold text-stone-900">
            {t("promo.terms")}
          </h2>
          <p className="mt-2 text-sm text-stone-700">{promo.terms}</p>
          <p className="mt-2 text-sm text-stone-600">{t("promo.validity", { from, to })}</p>
        </section>
      </div>
    </div>
  );
}
