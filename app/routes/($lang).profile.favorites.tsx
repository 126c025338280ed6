import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { FavoritesList } from "~/components/favorites-list";
import { Pager, pageFrom } from "~/components/profile/pager";
import { PageHeader } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { toStayCard } from "~/lib/stay-card";
import { endpoints } from "../../contract/endpoints";

const PER_PAGE = 12;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/** `/profile/favorites?page=` (auth): the account's saved stays, the latest first. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const page = pageFrom(request);
  const result = await signedIn.api.call(endpoints.favorites, { query: { page, perPage: PER_PAGE } }).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  const lastPage = Math.max(1, Math.ceil(result.total / PER_PAGE));
  // The last stay of a later page was just removed: show the page that now ends the list.
  if (result.items.length === 0 && page > lastPage) throw redirect(`${localizePath("/profile/favorites", signedIn.locale)}${lastPage > 1 ? `?page=${lastPage}` : ""}`, { headers: await signedIn.headers() });
  const t = await getT(signedIn.locale, "common");
  return data(
    { items: result.items.map(toStayCard), page, lastPage, title: t("favorites.metaTitle") },
    { headers: await signedIn.headers() },
  );
}

export default function ProfileFavorites() {
  const { items, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  const { path } = useLocale();
  return (
    <div data-testid="profile-favorites">
      <PageHeader title={t("favorites.title")} description={t("favorites.subtitle")} />
      <FavoritesList items={items} />
      <Pager page={page} lastPage={lastPage} hrefFor={(p) => `${path("/profile/favorites")}?page=${p}`} />
    </div>
  );
}
