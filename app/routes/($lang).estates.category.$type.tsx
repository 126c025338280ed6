import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchPage } from "~/components/search/search-page";
import { loadSearchPage } from "~/routes-server/($lang).estates._index.server";
import { skipAfterFavorite } from "~/components/favorite-button";
import { pageSeoMeta } from "~/lib/seo";

/** `/estates/category/{typeSlug}`: the list pre-filtered to one type; an unknown slug is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadSearchPage({ request, params, context, categorySlug: params.type ?? "" });
}

/** A heart's post changes only the root's ids: no need to run this page's search again. */
export const shouldRevalidate = skipAfterFavorite;

export const meta: MetaFunction<typeof loader> = (args) => (args.data ? pageSeoMeta(args, args.data.meta) : []);

export default function EstateCategory() {
  const data = useLoaderData<typeof loader>();
  return <SearchPage data={data} />;
}
