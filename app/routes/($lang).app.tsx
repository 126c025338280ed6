import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { MobileAppsResponse } from "../../contract/directory";
import { StoreBadge } from "~/components/home/store-badge";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { pageSeoMeta } from "~/lib/seo";
import { endpoints } from "../../contract/endpoints";

/** `/app`: the mobile apps, with their store links from the API. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  let apps: MobileAppsResponse["mobileAppDatas"];
  try {
    apps = (await apiFor(context, params).call(endpoints.guestMobileApps)).mobileAppDatas;
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const t = await getT(localeFromParams(params), "home");
  return { apps, meta: { title: t("app.meta.title"), description: t("app.meta.description") } };
}

export const meta: MetaFunction<typeof loader> = (args) => (args.data ? pageSeoMeta(args, args.data.meta) : []);

const FEATURES = [
  { key: "search", path: "M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM20 20l-4.8-4.8" },
  { key: "chat", path: "M4 5h16v11H8l-4 4V5Zm4 5h8M8 8h5" },
  { key: "notify", path: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4" },
  { key: "host", path: "M3 11 12 4l9 7M5 10v10h14V10M9 20v-5h6v5" },
] as const;

/** A phone drawn in CSS, showing a search result: no screenshot to download on 3G. */
function PhoneMockup() {
  const { t } = useTranslation("home");
  return (
    <div aria-hidden="true" className="relative mx-auto w-60 rotate-2 rounded-[2.5rem] bg-stone-900 p-3 shadow-2xl shadow-brand-900/30 sm:w-64">
      <div className="mx-auto mb-2 h-1.5 w-16 rounded-full bg-stone-700" />
      <div className="overflow-hidden rounded-[2rem] bg-stone-50">
        <div className="bg-gradient-to-br from-brand-600 to-orange-500 px-4 pb-5 pt-4 text-white">
          <p className="text-xs font-semibold opacity-80">Konok</p>
          <p className="mt-1 text-sm font-bold leading-snug">{t("app.mockup.title")}</p>
          <div className="mt-3 rounded-xl bg-white px-3 py-2 text-xs text-stone-500">{t("app.mockup.search")}</div>
        </div>
        <div className="space-y-3 p-3">
          {["from-sky-400 to-cyan-300", "from-emerald-500 to-lime-300", "from-amber-500 to-yellow-300"].map((tone, i) => (
            <div key={tone} className="flex gap-2.5 rounded-xl bg-white p-2 shadow-sm ring-1 ring-stone-200">
              <div className={`h-12 w-14 shrink-0 rounded-lg bg-gradient-to-br ${tone}`} />
              <div className="min-w-0 flex-1 space-y-1.5 pt-1">
                <div className="h-2 w-4/5 rounded bg-stone-300" />
                <div className="h-2 w-1/2 rounded bg-stone-200" />
                <div className="flex items-center gap-1">
                  <span className="rounded bg-emerald-700 px-1 text-[0.55rem] font-bold text-white">{["4,9", "4,7", "4,8"][i]}</span>
                  <div className="h-2 w-8 rounded bg-stone-200" />
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export default function AppPage() {
  const { apps } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  const { path } = useLocale();
  return (
    <div className="overflow-hidden">
      <section aria-labelledby="app-title" className="relative bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:py-16 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{t("app.eyebrow")}</p>
            <h1 id="app-title" className="mt-2 text-3xl font-extrabold leading-tight tracking-tight text-stone-900 sm:text-5xl">
              {t("app.title")}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-stone-600">{t("app.text")}</p>
            {apps.length ? (
              <ul className="mt-7 flex flex-wrap gap-3" aria-label={t("app.download")} data-testid="store-links">
                {apps.map((app) => (
                  <li key={app.id}>
                    <StoreBadge app={app} caption={t(`app.store.${app.platform}`, { defaultValue: t("app.download") })} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-7 rounded-2xl bg-white p-4 text-stone-600 ring-1 ring-stone-200" data-testid="no-apps">
                {t("app.soon")}
              </p>
            )}
            <p className="mt-4 text-sm text-stone-500">
              {t("app.orWeb")}{" "}
              <Link to={path("/estates")} className="font-medium text-brand-700 underline underline-offset-2">
                {t("app.orWebLink")}
              </Link>
            </p>
          </div>
          <PhoneMockup />
        </div>
      </section>

      <section aria-labelledby="app-features-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
        <h2 id="app-features-title" className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
          {t("app.featuresTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.key} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  <path d={f.path} />
                </svg>
              </span>
              <h3 className="mt-4 font-semibold text-stone-900">{t(`app.features.${f.key}.title`)}</h3>
              <p className="mt-1 text-sm text-stone-600">{t(`app.features.${f.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
