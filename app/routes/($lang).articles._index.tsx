import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { ARTICLE_TYPES, ARTICLES_PER_PAGE, type ArticleListResponse, type ArticleType } from "../../contract/content";
import { ArticleCard } from "~/components/content/article-card";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { breadcrumbList, errorMeta, seoFor, seoMeta } from "~/lib/seo";
import { endpoints } from "../../contract/endpoints";

/** `?type=guide&page=2` as the page's own query: the first page and "all" leave their parameter out. */
function listQuery(type: ArticleType | null, page: number): string {
  const q = new URLSearchParams();
  if (type) q.set("type", type);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** `/articles`: every published article, newest first, 16 a page, filtered by section. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromParams(params);
  const typeParam = url.searchParams.get("type");
  const type = ARTICLE_TYPES.includes(typeParam as ArticleType) ? (typeParam as ArticleType) : null;
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);

  let list: ArticleListResponse;
  try {
    list = await apiFor(context, params).call(endpoints.articles, { query: { ...(type ? { type } : {}), page, perPage: ARTICLES_PER_PAGE } });
  } catch (error) {
    throw routeErrorFrom(error);
  }
  // A page past the end is not a page.
  if (page > 1 && list.items.length === 0) throw new Response("Not Found", { status: 404 });

  const t = await getT(locale, "content");
  const section = type ? t(`articles.types.${type}`) : t("articles.title");
  const baseTitle = type ? `${section} — Konok` : t("articles.meta.title");
  const publicUrl = context.config.publicUrl;
  const seo = seoFor({
    publicUrl,
    locale,
    path: `/articles${listQuery(type, page)}`,
    title: page > 1 ? t("articles.pageTitle", { title: baseTitle, page }) : baseTitle,
    description: t("articles.meta.description"),
    image: list.items[0]?.cover?.url ?? null,
    jsonLd: [
      breadcrumbList(publicUrl, locale, [
        { name: t("crumbs.home"), path: "/" },
        { name: t("crumbs.articles"), path: "/articles" },
      ]),
    ],
  });
  return { list, type, page, seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? seoMeta(data.seo) : errorMeta("404"));

export default function ArticlesPage() {
  const { list, type, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const { path } = useLocale();
  const pages = Math.max(1, Math.ceil(list.total / list.perPage));
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ${active ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-800 ring-stone-300 hover:bg-stone-100"}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10" data-testid="articles-page">
      <nav aria-label={t("crumbs.home")} className="text-sm text-stone-600">
        <Link to={path("/")} className="hover:underline">
          {t("crumbs.home")}
        </Link>{" "}
        <span aria-hidden="true">›</span> {t("crumbs.articles")}
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{type ? t(`articles.types.${type}`) : t("articles.title")}</h1>
      <p className="mt-2 max-w-2xl text-stone-600">{t("articles.intro")}</p>

      <nav aria-label={t("articles.filter")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={path("/articles")} className={chip(type === null)} aria-current={type === null ? "page" : undefined}>
              {t("articles.all")}
            </Link>
          </li>
          {list.types
            .filter((entry) => entry.count > 0)
            .map((entry) => (
              <li key={entry.type}>
                <Link to={path(`/articles${listQuery(entry.type, 1)}`)} className={chip(type === entry.type)} aria-current={type === entry.type ? "page" : undefined}>
                  {t(`articles.types.${entry.type}`)} <span className="ml-1 opacity-70">{entry.count}</span>
                </Link>
              </li>
            ))}
        </ul>
      </nav>

      {list.items.length ? (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
          {list.items.map((article, i) => (
            <li key={article.id} className="flex">
              <ArticleCard article={article} eager={i === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-2xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">{t("articles.empty")}</p>
      )}

      {pages > 1 ? (
        <nav aria-label={t("articles.pagination")} className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={path(`/articles${listQuery(type, page - 1)}`)} rel="prev" className={chip(false)}>
              ← {t("articles.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-600">{t("articles.pageOf", { page, pages })}</span>
          {list.hasMore ? (
            <Link to={path(`/articles${listQuery(type, page + 1)}`)} rel="next" className={chip(false)} data-testid="next-page">
              {t("articles.next")} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
