import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { EstateCard } from "../../contract/estate";
import { FavoritesList } from "~/components/favorites-list";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { getSignedIn, safeRedirect } from "~/lib/auth.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { readVisitorFavorites, visitorFavoritesCookie, withFavorite, withoutFavorite } from "~/lib/visitor-favorites.server";
import { readForm } from "~/lib/forms.server";
import { toStayCard } from "~/lib/stay-card";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/**
 * `/favorites` (public): a visitor's saved stays, from the cookie through by_ids. A signed-in
 * user's favorites live in the account, at /profile/favorites.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  if (await getSignedIn(request, context, params)) throw redirect(localizePath("/profile/favorites", locale));
  const ids = await readVisitorFavorites(request);
  let items: EstateCard[] = [];
  if (ids.length) {
    try {
      ({ items } = await apiFor(context, params).call(endpoints.estatesByIds, { body: { ids } }));
    } catch (error) {
      throw routeErrorFrom(error);
    }
  }
  const t = await getT(locale, "common");
  return { items: items.map(toStayCard), title: t("favorites.metaTitle") };
}

const intents = new Set(["add", "remove"]);

/**
 * Every heart posts here: `intent` (add or remove), `estateId`, and `redirectTo`, the page to go
 * back to without JavaScript. A fetcher adds `js=1` and gets data instead of a redirect. Signed
 * in, the API keeps the list; a visitor's lives in the cookie.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const locale = localeFromParams(params);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const estateId = Number(form.get("estateId"));
  const js = form.get("js") === "1";
  if (!intents.has(intent) || !Number.isInteger(estateId) || estateId <= 0 || estateId > 2_147_483_647) {
    throw new Response("Bad Request", { status: 400 });
  }
  const back = safeRedirect(form.get("redirectTo"), localizePath("/favorites", locale));
  const add = intent === "add";

  let headers: HeadersInit = {};
  try {
    const signedIn = await getSignedIn(request, context, params);
    if (signedIn) {
      await (add ? signedIn.api.call(endpoints.favoriteAdd, { params: { estateId } }) : signedIn.api.call(endpoints.favoriteRemove, { params: { estateId } }));
      headers = await signedIn.headers();
    } else {
      const ids = await readVisitorFavorites(request);
      if (add) {
        // Only stays a guest can see are kept, as the account's list does.
        const { items } = await apiFor(context, params).call(endpoints.estatesByIds, { body: { ids: [estateId] } });
        if (items.length === 0) throw new ApiError(404, "Not Found", "Estate not found");
      }
      headers = { "Set-Cookie": await visitorFavoritesCookie(add ? withFavorite(ids, estateId) : withoutFavorite(ids, estateId), context) };
    }
  } catch (error) {
    if (error instanceof Response || !(error instanceof ApiError)) throw error;
    // A stay that is gone cannot be saved: the heart simply stays empty.
    if (error.status === 404 && !js) throw redirect(back);
    if (js) return data({ ok: false }, { status: routeErrorFrom(error).status });
    throw routeErrorFrom(error);
  }
  if (js) return data({ ok: true }, { headers });
  throw redirect(back, { headers });
}

export default function Favorites() {
  const { items } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  const { path } = useLocale();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:py-8" data-testid="favorites-page">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("favorites.title")}</h1>
      <p className="mb-5 mt-1.5 max-w-prose text-sm text-stone-600 sm:mb-6" data-testid="favorites-note">
        {t("favorites.visitorNote")}{" "}
        <Link to={`${path("/login")}?redirectTo=${encodeURIComponent(path("/profile/favorites"))}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          {t("nav.signIn")}
        </Link>
      </p>
      <FavoritesList items={items} />
    </div>
  );
}
