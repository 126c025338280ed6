import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { ArticleResponse } from "../../contract/content";
import { ArticleCard } from "~/components/content/article-card";
import { FormattedText } from "~/components/content/formatted-text";
import { EstateCard } from "~/components/estate-card";
import { toStayCard } from "~/lib/stay-card";
import { Photo } from "~/components/photo";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { formatDate } from "~/lib/format";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { absoluteUrl, breadcrumbList, errorMeta, seoFor, seoMeta } from "~/lib/seo";
import { endpoints } from "../../contract/endpoints";

/** `/articles/{type}/{slug}`: one article, the estates of its region and what to read next. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  let data: ArticleResponse;
  try {
    data = await apiFor(context, params).call(endpoints.article, { params: { type: params.type ?? "", slug: params.slug ?? "" } });
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const { article } = data;
  const t = await getT(locale, "content");
  const publicUrl = context.config.publicUrl;
  const path = `/articles/${article.type}/${article.slug}`;
  const image = article.cover ? absoluteUrl(publicUrl, article.cover.url) : null;
  const seo = seoFor({
    publicUrl,
    locale,
    path,
    title: `${article.title} — Konok`,
    description: article.summary,
    image,
    ogType: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.summary,
        inLanguage: article.language,
        datePublished: article.publishedAt,
        ...(image ? { image } : {}),
        author: { "@type": "Organization", name: "Konok" },
        publisher: { "@type": "Organization", name: "Konok", logo: { "@type": "ImageObject", url: absoluteUrl(publicUrl, "/favicon.svg") } },
        mainEntityOfPage: `${publicUrl.replace(/\/+$/, "")}${path}`,
      },
      breadcrumbList(publicUrl, locale, [
        { name: t("crumbs.home"), path: "/" },
        { name: t("crumbs.articles"), path: "/articles" },
        { name: t(`articles.types.${article.type}`), path: `/articles?type=${article.type}` },
        { name: article.title, path },
      ]),
    ],
  });
  return { ...data, relatedEstates: data.relatedEstates.map(toStayCard), seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [...seoMeta(data.seo), { property: "article:published_time", content: data.article.publishedAt }] : errorMeta("404"));

export default function ArticlePage() {
  const { article, relatedEstates, relatedArticles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const { locale, path } = useLocale();
  const foreign = article.language !== locale;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10" data-testid="article-page">
      <nav aria-label={t("crumbs.articles")} className="text-sm text-stone-600">
        <ol className="flex flex-wrap gap-x-1.5">
          <li>
            <Link to={path("/")} className="hover:underline">
              {t("crumbs.home")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={path("/articles")} className="hover:underline">
              {t("crumbs.articles")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={path(`/articles?type=${article.type}`)} className="hover:underline">
              {t(`articles.types.${article.type}`)}
            </Link>
          </li>
        </ol>
      </nav>

      <article className="mx-auto mt-4 max-w-3xl" lang={foreign ? article.language : undefined} data-testid="article-body">
        {foreign ? (
          <p role="note" lang={locale} className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="translation-note">
            {t("articles.fallback")}
          </p>
        ) : null}
        <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-stone-900 sm:text-4xl">{article.title}</h1>
        <p className="mt-3 text-sm text-stone-600" lang={locale}>
          {t("articles.published")} <time dateTime={article.publishedAt}>{formatDate(article.publishedAt.slice(0, 10), locale)}</time> ·{" "}
          {t("articles.readingTime", { count: article.readingMinutes })}
        </p>
        {article.cover ? (
          <Photo photo={article.cover} sizes="(min-width: 768px) 768px, 100vw" eager className="mt-6 aspect-[3/2] w-full rounded-2xl object-cover" />
        ) : null}
        <p className="mt-6 text-lg font-medium text-stone-700">{article.summary}</p>
        <FormattedText text={article.body} className="mt-4" />
      </article>

      {relatedEstates.length ? (
        <section aria-labelledby="related-estates" className="mt-12">
          <h2 id="related-estates" className="text-xl font-bold text-stone-900 sm:text-2xl">
            {t("articles.relatedEstates")}
          </h2>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="related-estates">
            {relatedEstates.map((estate) => (
              <li key={estate.id}>
                <EstateCard estate={estate} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {relatedArticles.length ? (
        <section aria-labelledby="related-articles" className="mt-12">
          <h2 id="related-articles" className="text-xl font-bold text-stone-900 sm:text-2xl">
            {t("articles.relatedArticles")}
          </h2>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-articles">
            {relatedArticles.map((a) => (
              <li key={a.id} className="flex">
                <ArticleCard article={a} headingLevel="h3" />
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to={path("/articles")} className="font-medium text-brand-700 underline underline-offset-2">
              {t("articles.allArticles")}
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
