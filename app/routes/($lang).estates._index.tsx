import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchPage } from "~/components/search/search-page";
import { loadSearchPage } from "~/components/search/search.server";
import { skipAfterFavorite } from "~/components/favorite-button";

/** `/estates`: every stay, narrowed by the filter in the query string (see app/lib/search-params.ts). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadSearchPage({ request, params, context });
}

/** A heart's post changes only the root's ids: no need to run this page's search again. */
export const shouldRevalidate = skipAfterFavorite;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: data.meta.title },
        { name: "description", content: data.meta.description },
        { property: "og:title", content: data.meta.title },
        { property: "og:description", content: data.meta.description },
      ]
    : [];

export default function Estates() {
  const data = useLoaderData<typeof loader>();
  return <SearchPage data={data} />;
}
