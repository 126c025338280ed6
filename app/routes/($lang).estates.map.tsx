import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { loadMapPage } from "~/routes-server/($lang).estates.map.server";

/**
 * `/estates/map?{filter}[&category={type slug}]`: where the list's "Map" link leads. The map needs
 * JavaScript: with it, the list opens the map in place and this page is never seen (a browser that
 * lands here with script is sent on to the list, which opens the map). Without it, this page says
 * so and leads back to the list with the same filter.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadMapPage(args);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

export default function EstatesMap() {
  const { back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("map");
  const navigate = useNavigate();

  useEffect(() => {
    navigate(`${back}#map`, { replace: true });
  }, [back, navigate]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" data-testid="map-page">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-14 w-14 text-brand-600" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
        <path d="m9 4-6 2.5v13L9 17l6 2.5 6-2.5V4l-6 2.5L9 4Zm0 0v13m6-10.5v13" />
      </svg>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">{t("noScript.title")}</h1>
      <p className="mt-3 text-stone-600">{t("noScript.text")}</p>
      <Link to={back} className="btn-primary mt-8" data-testid="map-back">
        {t("noScript.back")}
      </Link>
    </section>
  );
}
