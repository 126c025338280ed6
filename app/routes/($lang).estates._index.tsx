import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rememberedFilter } from "~/components/search/remembered-filter.server";
import { SearchPage } from "~/components/search/search-page";
import { loadSearchPage } from "~/routes-server/($lang).estates._index.server";
import { localizePath } from "~/i18n/config";
import { localeFromParams } from "~/lib/request.server";
import { skipAfterFavorite } from "~/components/favorite-button";
import { pageSeoMeta } from "~/lib/seo";

/**
 * `/estates`: every stay, narrowed by the filter in the query string (see app/lib/search-params.ts).
 * The last filter is remembered: a bare `/estates` brings it back.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const headers = await rememberedFilter(request, context, localizePath("/estates", localeFromParams(params)));
  return data(await loadSearchPage({ request, params, context }), { headers });
}

/** A heart's post changes only the root's ids: no need to run this page's search again. */
export const shouldRevalidate = skipAfterFavorite;

export const meta: MetaFunction<typeof loader> = (args) => (args.data ? pageSeoMeta(args, args.data.meta) : []);

export default function Estates() {
  const data = useLoaderData<typeof loader>();
  return <SearchPage data={data} />;
}
