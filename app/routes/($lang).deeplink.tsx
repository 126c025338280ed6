import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { StoreBadge } from "~/components/home/store-badge";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { appLink, deviceOf, safeKonokPath, storeFor } from "~/lib/deeplink";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { seoFor, seoMeta } from "~/lib/seo";
import { endpoints } from "../../contract/endpoints";

/** Seconds a phone waits for the app to take over before going to the store. */
const STORE_FALLBACK_SECONDS = 2;

/**
 * `/deeplink?path=/estates/…`: a desktop goes straight to the page on the web; a phone tries the
 * app by its scheme and, if nothing took over, goes to its store (without JavaScript, by a timed
 * refresh to the store with the app link to press).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  const url = new URL(request.url);
  const path = safeKonokPath(url.searchParams.get("path"));
  const webPath = localizePath(path.split("?")[0], locale) + (path.includes("?") ? `?${path.split("?")[1]}` : "");
  const device = deviceOf(request.headers.get("User-Agent"));
  const apps = await apiFor(context, params)
    .call(endpoints.guestMobileApps)
    .then((r) => r.mobileAppDatas)
    .catch(() => []);
  const store = storeFor(device, apps);
  if (!store) throw redirect(webPath, { headers: { "Cache-Control": "no-store", Vary: "User-Agent" } });

  const t = await getT(locale, "content");
  const seo = seoFor({
    publicUrl: context.config.publicUrl,
    locale,
    path: "/deeplink",
    title: `${t("deeplink.meta.title")} — Konok`,
    description: t("deeplink.meta.description"),
    noindex: true,
  });
  return { appUrl: appLink(path), store, webPath, seo };
}

/** The store link depends on the phone: no cache may hand one phone's page to another. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", Vary: "User-Agent" });

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function DeeplinkPage() {
  const { appUrl, store, webPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");

  useEffect(() => {
    // If the app opens, the page is hidden and stays put; otherwise, after a moment, the store.
    const timer = window.setTimeout(() => {
      if (document.visibilityState === "visible") window.location.replace(store.url);
    }, STORE_FALLBACK_SECONDS * 1000);
    window.location.href = appUrl;
    return () => window.clearTimeout(timer);
  }, [appUrl, store.url]);

  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center" data-testid="deeplink-page">
      <noscript>
        <meta httpEquiv="refresh" content={`${STORE_FALLBACK_SECONDS};url=${store.url}`} />
      </noscript>
      <h1 className="text-2xl font-bold text-stone-900">{t("deeplink.title")}</h1>
      <p className="mt-3 text-stone-600">{t("deeplink.text")}</p>
      <div className="mt-6 flex flex-col items-center gap-3">
        <a href={appUrl} className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700" data-testid="open-app">
          {t("deeplink.openApp")}
        </a>
        <StoreBadge app={store} caption={t("deeplink.install")} />
        <Link to={webPath} className="min-h-11 font-medium text-brand-700 underline underline-offset-2" data-testid="continue-web">
          {t("deeplink.web")}
        </Link>
      </div>
    </div>
  );
}
