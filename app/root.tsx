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
import { I18nProvider, useTranslation } from "./i18n/use-translation";
import { BuildWatch } from "./components/build-watch";
import { DeferredPartsWatch } from "./components/deferred";
import { RefusedFormAlert } from "./components/forms/refused-form-alert";
import { NavigationProgress } from "./components/navigation-progress";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { DEFAULT_LOCALE, isLocale, localeOfPath, localizePath, stripLocale, type Locale } from "./i18n/config";
import { ErrorWordsData, useErrorWords, useRememberErrorWords } from "./i18n/error-words";
import { namespacesFor } from "./i18n/namespaces";
import { pageTranslations } from "./i18n/browser-dictionaries.server";
import { localeCookie, preferredLocale } from "./i18n/i18n.server";
import { createI18n } from "./i18n/instance";
import { resolveTranslations, translationFiles } from "./i18n/translation-files";
import { RealtimeProvider } from "./components/realtime/realtime";
import { personalDataFor } from "./lib/favorites.server";
import { footerData } from "./lib/footer.server";
import { useNonce } from "./lib/nonce";
import { getSession } from "./lib/session.server";
import stylesheet from "./tailwind.css?url";
import { serverOnlyOf } from "~/lib/server-only.server";
import { isNotSent } from "~/components/chat/not-sent-result";

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
      headers: { "Set-Cookie": await localeCookie.serialize("ru", { secure: context.config.production }) },
    });
  }
  const chosen = (await localeCookie.parse(request.headers.get("Cookie"))) as string | null;
  // An unknown prefix (`/de/estates`) is a 404 page, dressed in the visitor's own language: the data
  // rides on the thrown answer, so the header and footer are translated and signed in as usual.
  if (prefix !== undefined && !isLocale(prefix)) {
    const page = await pageData(request, params, context, await preferredLocale(request));
    throw data(page.data, { status: 404, headers: page.headers });
  }
  if (prefix === undefined) {
    const preferred = await preferredLocale(request);
    if (preferred !== DEFAULT_LOCALE) throw redirect(`${localizePath(url.pathname, preferred)}${url.search}`);
  }
  const locale: Locale = prefix ?? DEFAULT_LOCALE;
  const page = await pageData(request, params, context, locale);
  if (prefix !== undefined && chosen !== locale) page.headers.append("Set-Cookie", await localeCookie.serialize(locale, { secure: context.config.production }));
  return data(page.data, { headers: page.headers });
}

/** What every page's header and footer show: translations, who is signed in, contacts, favorites. */
async function pageData(request: Request, params: LoaderFunctionArgs["params"], context: LoaderFunctionArgs["context"], locale: Locale) {
  const url = new URL(request.url);
  const [footer, personal] = await Promise.all([
    footerData(context, locale),
    // Every heart on the page reads the saved ids, and the header the unread counts; they change
    // only by a POST, which revalidates the root.
    personalDataFor(request, context, params),
  ]);

  // Who is signed in comes from the session alone.
  const user = (await getSession(request, context)).get("user") ?? null;
  const headers = new Headers(personal.signedIn ? await personal.signedIn.headers() : undefined);

  // The footer's contacts, social links and apps are rendered by the server and not hydrated: a
  // document's render takes them from the load context, out of its hydration data.
  const serverOnly = serverOnlyOf(context);
  if (serverOnly) serverOnly.footer = footer;
  return {
    data: {
      locale,
      // A document names its dictionaries' files instead of carrying them (decision 0042).
      translations: pageTranslations(locale, namespacesFor(url.pathname), { asFiles: context.documentRequest === true }),
      ...(serverOnly ? {} : { footer }),
      publicUrl: context.config.publicUrl,
      user,
      favorites: personal.favorites,
      unread: personal.unread,
      // pusher-js's options, only for someone with a channel of their own.
      realtime: user ? (context.config.realtime ?? null) : null,
      // A post whose body was no readable form: the page is shown again with a message (server/remix-handler.ts).
      refusedForm: context.refusedForm ?? null,
      // Production taking no real money (PAYMENTS_SANDBOX=1, or a Freedom Pay test merchant): every page says so.
      paymentsTrial: context.config.paymentsTrial === true,
    },
    headers,
  };
}

/**
 * The root's data changes with the language, with the area of the site (its translations) and
 * after a form post (who is signed in); other navigations skip it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate }) => {
  // A post that never reached the server (a chat message sent offline) changed nothing.
  if (formMethod && formMethod !== "GET") return isNotSent(actionResult) ? false : defaultShouldRevalidate;
  return (
    localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) ||
    namespacesFor(currentUrl.pathname).join() !== namespacesFor(nextUrl.pathname).join()
  );
};

export type RootData = Awaited<ReturnType<typeof pageData>>["data"];

/**
 * In the browser only, the root's data of the last page that loaded. A client-side navigation
 * whose data never arrived (offline, the busy server's 503) has no root data of its own: its error
 * page keeps the header, footer and language of the page the visitor was on, instead of showing
 * translation keys and a signed-out header. Never on the server, where it would be another
 * visitor's.
 */
let lastLoadedInBrowser: RootData | undefined;

/** The root's data; on the 404 page of an unknown language prefix, the same data thrown with it. */
export function useRootData(): RootData | undefined {
  const loaded = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const inBrowser = typeof document !== "undefined";
  if (loaded) {
    if (inBrowser) lastLoadedInBrowser = loaded;
    return loaded;
  }
  if (isRouteErrorResponse(error) && error.status === 404 && isRootData(error.data)) return error.data;
  return inBrowser ? lastLoadedInBrowser : undefined;
}

const isRootData = (value: unknown): value is RootData => typeof value === "object" && value !== null && "translations" in value && "locale" in value;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const nonce = useNonce();
  // An error page (404 and the like) is not a page for search engines.
  // No error is `null` here, not `undefined`: comparing with `!== undefined` made every page noindex.
  const routeError = useRouteError();
  const failed = routeError != null;
  // When the root loader itself failed there are no loaded translations: the error page still
  // speaks the URL's language with its own small dictionary (i18n/error-words.tsx).
  const locale = root?.locale ?? localeOfPath(location.pathname);
  // A conversation (/chat/{id}, /host/chat/{id}): the URL says it, so the error page agrees too.
  const inConversation = /^\/(host\/)?chat\/\d+$/.test(stripLocale(location.pathname)) && !failed;
  const pageTranslations = root?.translations;
  // A document names its dictionaries' files (decision 0042): resolved from what was fetched.
  const resolved = useMemo(() => (pageTranslations ? resolveTranslations(locale, pageTranslations) : undefined), [locale, pageTranslations]);
  const errorWords = useErrorWords(locale);
  useRememberErrorWords(resolved);
  const translations = useMemo(() => resolved ?? { errors: errorWords ?? {} }, [resolved, errorWords]);
  const i18n = useMemo(() => createI18n(locale, translations), [locale, translations]);
  const files = pageTranslations ? translationFiles(locale, pageTranslations) : [];
  return (
    <html lang={locale} dir="ltr" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#d92d1b" />
        <Meta />
        {failed ? <meta name="robots" content="noindex" /> : null}
        {/* An error page has no route meta of its own; without a title, screen readers and tabs showed the address. */}
        {failed ? <title>{`${i18n.t(`errors:${errorKind(routeError)}.title`)} — Konok`}</title> : null}
        <Links />
        {files.map((file) => (
          <link key={file.ns} rel="preload" as="fetch" crossOrigin="anonymous" href={file.href} data-translations={`${locale}/${file.ns}/${file.version}`} />
        ))}
      </head>
      <body className="flex min-h-full flex-col bg-stone-50 text-stone-900 antialiased">
        <I18nProvider i18n={i18n}>
          <RealtimeProvider userId={root?.user?.id ?? null} config={root?.realtime ?? null} initialUnread={root?.unread ?? null}>
            <NavigationProgress />
            <BuildWatch />
            <DeferredPartsWatch />
            {root?.paymentsTrial ? (
              <p role="note" className="bg-amber-700 px-4 py-1.5 text-center text-sm font-semibold text-white" data-testid="trial-banner">
                {i18n.t("common:trial")}
              </p>
            ) : null}
            <SiteHeader locale={locale} user={root?.user ?? null} favorites={root?.favorites.length ?? 0} />
            <main id="main" className="flex-1">
              <RefusedFormAlert status={root?.refusedForm ?? null} />
              {children}
            </main>
            {/* In a conversation on a phone the composer is the bottom of the page, as in a messenger. */}
            <div className={inConversation ? "max-sm:hidden" : "contents"}>
              <SiteFooter locale={locale} footer={root?.footer} />
            </div>
          </RealtimeProvider>
        </I18nProvider>
        {root ? null : <ErrorWordsData words={errorWords} />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Which of the error page's texts a failure gets. In the browser, a next page whose data never
 * arrived is "unavailable" too: the connection dropped (fetch's TypeError), or the answer was no
 * page data, such as the busy server's plain 503 (Remix cannot decode it); it was shown as a
 * server error.
 */
function errorKind(error: unknown): "notFound" | "unavailable" | "server" {
  if (isRouteErrorResponse(error)) return error.status === 404 ? "notFound" : error.status === 503 || error.status === 504 ? "unavailable" : "server";
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return "unavailable";
  if (error instanceof Error && error.message.startsWith("Unable to decode turbo-stream response")) return "unavailable";
  return "server";
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, i18n } = useTranslation("errors");
  const locale = (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE) as Locale;
  const kind = errorKind(error);
  // A page whose data never arrived has no status to show.
  const status = isRouteErrorResponse(error) ? error.status : kind === "server" ? 500 : null;
  const notFound = kind === "notFound";
  const title = t(`${kind}.title`);
  const text = t(`${kind}.text`);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="error-page">
      {status ? <p className="text-6xl font-bold text-brand-600">{status}</p> : null}
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
