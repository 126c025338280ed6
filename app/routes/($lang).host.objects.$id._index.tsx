import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { kindKey } from "~/components/host/host-nav";
import { stepTitle } from "../../contract/listing-text";
import { HostNav } from "~/components/host/host-nav";
import { ReviewNotice } from "~/components/host/review-notice";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { loadOwnListing, requireHost } from "~/lib/listing.server";
import { useFeeParts } from "~/components/booking/price-breakdown";
import { formatPrice } from "~/lib/format";
import type { StayPricing } from "../../contract/stay-price";

/** /host/objects/{id}: the listing's overview: every step of its sequence, done or not, each a link. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const listing = await loadOwnListing(signedIn, params.id);
  const t = await getT(signedIn.locale, "listing");
  return data({ listing, title: `${listing.title || t("objects.untitled")} — Konok` }, { headers: await signedIn.headers() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export default function ListingOverview() {
  const { listing } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listing");
  const { locale, path } = useLocale();
  const sections = [1, 2, 3, 4].map((n) => listing.steps.filter((s) => s.section === n && s.step !== "congrats"));
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <HostNav />
      <p className="text-xs font-medium uppercase tracking-wide text-stone-500">
        {t(`kinds.${kindKey(listing.kind)}`)} · {t(`status.${listing.status}`)}
      </p>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{listing.title || t("objects.untitled")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("wizard.progress", { done: listing.doneCount, total: listing.requiredCount })}</p>
      <ReviewNotice listing={listing} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={path(`/host/objects/${listing.id}/${listing.resumeStep}`)} className="btn-primary inline-flex min-h-11 items-center">
          {t("objects.continue")}
        </Link>
        <Link to={path(`/host/objects/preview/${listing.id}`)} className="btn-secondary inline-flex min-h-11 items-center">
          {t("objects.preview")}
        </Link>
      </div>
      {sections.map((steps, i) => (
        <section key={i} className="mt-6" aria-labelledby={`section-${i + 1}`}>
          <h2 id={`section-${i + 1}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-500">
            {t("overview.section", { n: i + 1 })}
          </h2>
          <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200" data-testid="overview-steps">
            {steps.map((s) => (
              <li key={s.step}>
                <Link to={path(`/host/objects/${listing.id}/${s.step}`)} className="flex min-h-12 items-center justify-between gap-3 px-4 hover:bg-stone-50" data-testid={`overview-${s.step}`}>
                  <span className="min-w-0">
                    <span className="block font-medium text-stone-900">{stepTitle(s.step, locale)}</span>
                    {s.step === "price" && listing.values.price?.price ? <PriceSummary values={listing.values.price as unknown as PriceValues} /> : null}
                  </span>
                  <span className={`text-xs font-semibold ${s.done ? "text-emerald-700" : s.required ? "text-amber-700" : "text-stone-500"}`}>
                    {s.done ? `✓ ${t("overview.done")}` : s.required ? t("overview.todo") : t("overview.optional")}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {/* Availability rules (advance notice, preparation time, booking window) live with the calendar
          they shape, per object; the listing's page leads there (docs/bookings.md). */}
      <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-stone-200" aria-labelledby="calendar-rules">
        <h2 id="calendar-rules" className="font-semibold text-stone-900">
          {t("overview.rulesTitle")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("overview.rulesText")}</p>
        <Link to={path(`/host/calendar?estate=${listing.id}#rules`)} className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline" data-testid="overview-rules">
          {t("overview.rulesLink")}
        </Link>
      </section>
    </div>
  );
}

type PriceValues = Partial<StayPricing> & { price: number };

/** The price step's saved values in one line under its title: the nightly price, the fees and the discounts. */
function PriceSummary({ values }: { values: PriceValues }) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  const parts = [`${formatPrice(values.price, locale)} / ${t("price.night")}`, ...useFeeParts(values)];
  return (
    <span className="mt-0.5 block text-xs text-stone-600" data-testid="overview-price-summary">
      {parts.join(" · ")}
    </span>
  );
}
