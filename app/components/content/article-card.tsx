import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { ArticleSummary } from "../../../contract/content";
import { Photo } from "~/components/photo";
import { useLocale } from "~/i18n/use-locale";
import { formatDate } from "~/lib/format";

/** An article in a list: cover, section, title, summary, date and reading time. */
export function ArticleCard({ article, eager = false, headingLevel = "h2" }: { article: ArticleSummary; eager?: boolean; headingLevel?: "h2" | "h3" }) {
  const { t } = useTranslation("content");
  const { locale, path } = useLocale();
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200" data-testid="article-card">
      {article.cover ? (
        <Photo photo={article.cover} alt="" sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" eager={eager} className="aspect-[3/2] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t(`articles.types.${article.type}`)}</p>
        <Heading className="mt-1 text-lg font-semibold leading-snug text-stone-900">
          <Link to={path(`/articles/${article.type}/${article.slug}`)} className="after:absolute after:inset-0 group-hover:underline" lang={article.language !== locale ? article.language : undefined}>
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-stone-600" lang={article.language !== locale ? article.language : undefined}>
          {article.summary}
        </p>
        <p className="mt-auto pt-3 text-xs text-stone-600">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt.slice(0, 10), locale)}</time> · {t("articles.readingTime", { count: article.readingMinutes })}
        </p>
      </div>
    </article>
  );
}
