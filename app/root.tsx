import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import type { ContactsResponse, MobileAppsResponse } from "../contract/directory";
import { BuildWatch } from "./components/build-watch";
import { NavigationProgress } from "./components/navigation-progress";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { DEFAULT_LOCALE, isLocale, localeOfPath, localizePath, stripLocale, type Locale } from "./i18n/config";
import { errorTranslations } from "./i18n/error-translations";
import { namespacesFor } from "./i18n/namespaces";
import { localeCookie, preferredLocale, translationsFor } from "./i18n/i18n.server";
import { createI18n } from "./i18n/instance";
import { createApiClient } from "./lib/api.server";
import { favoriteIdsFor } from "./lib/favorites.server";
import { useNonce } from "./lib/nonce";
import { getSession } from "./lib/session.server";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const prefix = params.lang;
  // `/ru/...` is the unprefixed page: send it there and remember the choice.
  if (prefix === "ru") {
    throw redirect(`${stripLocale(url.pathname)}${url.search}`, {
      status: 301,
      headers: { "Set-Cookie": await localeCookie.serialize("ru") },
    });
  }
  if (prefix !== undefined && !isLocale(prefix)) throw new Response("Not Found", { status: 404 });

  const chosen = (await localeCookie.parse(request.headers.get("Cookie"))) as string | null;
  if (prefix === undefined) {
    const preferred = await preferredLocale(request);
    if (preferred !== DEFAULT_LOCALE) throw redirect(`${localizePath(url.pathname, preferred)}${url.search}`);
  }
  const locale: Locale = prefix ?? DEFAULT_LOCALE;

  // The footer's directory data is decoration: a failing API must not take the whole page down.
  const api = createApiClient(context, { locale });
  const [contacts, apps, favorites] = await Promise.all([
    api.get<ContactsResponse>("/api/v1/guest/contacts").catch(() => ({ contacts: [], socials: [] })),
    api.get<MobileAppsResponse>("/api/v1/guest/mobile-app").catch(() => ({ mobileAppDatas: [] })),
    // Every heart on the page reads these; they change only by a POST, which revalidates the root.
    favoriteIdsFor(request, context, params),
  ]);

  // Who is signed in comes from the session alone: the header needs no API call.
  const user = (await getSession(request, context)).get("user") ?? null;

  const headers = new Headers(favorites.headers);
  if (prefix !== undefined && chosen !== locale) headers.append("Set-Cookie", await localeCookie.serialize(locale));
  return data(
    {
      locale,
      translations: translationsFor(locale, namespacesFor(url.pathname)),
      footer: { contacts: contacts.contacts, socials: contacts.socials, apps: apps.mobileAppDatas },
      publicUrl: context.config.publicUrl,
      user,
      favorites: favorites.ids,
    },
    { headers },
  );
}

/**
 * The root's data changes with the language, with the area of the site (its translations) and
 * after a form post (who is signed in); other navigations skip it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return (
    localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) ||
    namespacesFor(currentUrl.pathname).join() !== namespacesFor(nextUrl.pathname).join()
  );
};

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const nonce = useNonce();
  // An error page (404 and the like) is not a page for search engines.
  const failed = useRouteError() !== undefined;
  // When the root loader itself failed there are no loaded translations: the error page still
  // speaks the URL's language with its own small dictionary.
  const locale = root?.locale ?? localeOfPath(location.pathname);
  const translations = root?.translations ?? errorTranslations(locale);
  const i18n = useMemo(() => createI18n(locale, translations), [locale, translations]);
  return (
    <html lang={locale} dir="ltr" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#d92d1b" />
        <Meta />
        {failed ? <meta name="robots" content="noindex" /> : null}
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-stone-50 text-stone-900 antialiased">
        <I18nextProvider i18n={i18n}>
          <NavigationProgress />
          <BuildWatch />
          <SiteHeader locale={locale} user={root?.user ?? null} favorites={root?.favorites.length ?? 0} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter locale={locale} footer={root?.footer} />
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, i18n } = useTranslation("errors");
  const locale = (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE) as Locale;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const unavailable = status === 503 || status === 504;
  const title = notFound ? t("notFound.title") : unavailable ? t("unavailable.title") : t("server.title");
  const text = notFound ? t("notFound.text") : unavailable ? t("unavailable.text") : t("server.text");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="error-page">
      <p className="text-6xl font-bold text-brand-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-stone-600">{text}</p>
      <div className="mt-8 flex gap-3">
        <a href={localizePath("/", locale)} className="rounded-full bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
          {t("home")}
        </a>
        {!notFound ? (
          <a href="" className="rounded-full border border-stone-300 px-5 py-2.5 font-medium hover:bg-stone-100">
            {t("retry")}
          </a>
        ) : null}
      </div>
    </section>
  );
}
