import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { Photo } from "~/components/photo";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { packSrcset } from "~/lib/photo-srcset";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Konok" },
  // One photo of a page that is indexed itself: followed, not indexed on its own.
  { name: "robots", content: "noindex, follow" },
];

/**
 * `/estates/{slug}/photos/{n}`: one photo of an estate in the site's frame, with the previous and
 * next ones a link away. It is where the estate page's gallery links lead: with JavaScript a
 * photo opens the full-screen viewer instead, and without it the guest used to land on the bare
 * .webp file, with no way back but the browser's (issue 27).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  const slug = params.slug ?? "";
  const n = /^[1-9]\d{0,3}$/.test(params.n ?? "") ? Number(params.n) : 0;
  let estate;
  try {
    ({ estate } = await apiFor(context, params).call(endpoints.estate, { params: { id: slug } }));
  } catch (error) {
    throw routeErrorFrom(error);
  }
  if (n < 1 || n > estate.photos.length) throw new Response("Not Found", { status: 404 });
  if (estate.slug !== slug) throw redirect(localizePath(`/estates/${estate.slug}/photos/${n}`, locale), 301);
  const t = await getT(locale, "estate");
  const photo = estate.photos[n - 1];
  return {
    estate: { slug: estate.slug, title: estate.title },
    photo: packSrcset(photo),
    n,
    count: estate.photos.length,
    title: `${t("gallery.photoOf", { index: n, count: estate.photos.length })} — ${estate.title} — Konok`,
  };
}

export default function EstatePhotoPage() {
  const { estate, photo, n, count } = useLoaderData<typeof loader>();
  const { t } = useTranslation("estate");
  const { path } = useLocale();
  const at = (i: number) => path(`/estates/${estate.slug}/photos/${i}`);
  const back = `${path(`/estates/${estate.slug}`)}#photos`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8" data-testid="photo-page" data-index={n}>
      <Link to={back} className="inline-flex min-h-11 items-center text-sm font-medium text-stone-700 underline underline-offset-4 hover:text-stone-900" data-testid="photo-back">
        ← {t("gallery.backToEstate")}
      </Link>
      <h1 className="mt-2 break-words text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{estate.title}</h1>
      <figure className="mt-4">
        <div className="flex justify-center overflow-hidden rounded-2xl bg-stone-900">
          <Photo photo={photo} alt={photo.alt || estate.title} eager sizes="(min-width: 1024px) 992px, 100vw" className="max-h-[75vh] w-auto max-w-full object-contain" />
        </div>
        <figcaption className="mt-2 text-center text-sm text-stone-600" data-testid="photo-counter">
          {t("gallery.photoOf", { index: n, count })}
        </figcaption>
      </figure>
      <nav aria-label={t("gallery.navLabel")} className="mt-4 flex items-center justify-between gap-3">
        {n > 1 ? (
          <Link to={at(n - 1)} rel="prev" className="btn-secondary min-h-11" data-testid="photo-previous">
            ← {t("gallery.previousOne")}
          </Link>
        ) : (
          <span />
        )}
        {n < count ? (
          <Link to={at(n + 1)} rel="next" className="btn-secondary min-h-11" data-testid="photo-next">
            {t("gallery.nextOne")} →
          </Link>
        ) : (
          <Link to={back} className="btn-secondary min-h-11">
            {t("gallery.backToEstate")}
          </Link>
        )}
      </nav>
    </div>
  );
}
