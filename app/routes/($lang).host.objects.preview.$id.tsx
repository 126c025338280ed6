import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { Amenities, StayRules } from "~/components/estate/details";
import { Gallery } from "~/components/estate/gallery";
import { Description, Overview } from "~/components/estate/sections";
import { HostNav } from "~/components/host/host-nav";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireHost } from "~/lib/listing.server";
import { endpoints } from "../../contract/endpoints";

/**
 * /host/objects/preview/{id} (and /create/preview/{id}): the listing as guests will see it, draft
 * or published, with the estate page's own sections. Only its host gets it (the API answers 404
 * to anyone else).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  if (!params.id || !/^\d{1,9}$/.test(params.id)) throw new Response("Not Found", { status: 404 });
  try {
    const { estate } = await signedIn.api.call(endpoints.hostListingPreview, { params: { id: params.id } });
    return data({ estate, id: params.id }, { headers: await signedIn.headers() });
  } catch (error) {
    throw routeErrorFrom(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.estate.title} — Konok` : "Konok" }];

export default function ListingPreview() {
  const { estate, id } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listing");
  const { path } = useLocale();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <HostNav />
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="preview-banner">
        <p>{t("preview.note")}</p>
        <Link to={path(`/host/objects/${id}/preview`)} className="font-semibold underline">
          {t("preview.back")}
        </Link>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl" data-testid="preview-title">
        {estate.title}
      </h1>
      <p className="mt-1 text-stone-600">{[estate.city, estate.address].filter(Boolean).join(", ")}</p>
      <div className="mt-4">
        <Gallery photos={estate.photos} title={estate.title} />
      </div>
      <div className="mt-8 max-w-3xl space-y-8">
        <Overview estate={estate} />
        <Description text={estate.description} />
        <Amenities parameters={estate.parameters} nutrition={estate.nutrition} />
        <StayRules estate={estate} />
      </div>
    </div>
  );
}
