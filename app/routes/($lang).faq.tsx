import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FaqQuestion } from "~/components/content/faq-entry";
import { useTranslation } from "~/i18n/use-translation";
import { getT } from "~/i18n/i18n.server";
import { routeErrorFrom } from "~/lib/api.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { breadcrumbList, seoFor, seoMeta } from "~/lib/seo";
import { endpoints } from "../../contract/endpoints";

/**
 * `/faq`: the questions from the database (edited in the operator console, issue 31), by
 * audience; answers open with `<details>`, so the page works without JavaScript.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  const [t, faq] = await Promise.all([
    getT(locale, "content"),
    apiFor(context, params)
      .call(endpoints.faq)
      .catch((error: unknown) => {
        throw routeErrorFrom(error);
      }),
  ]);
  const publicUrl = context.config.publicUrl;
  const seo = seoFor({
    publicUrl,
    locale,
    path: "/faq",
    title: t("faq.meta.title"),
    description: t("faq.meta.description"),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faq.groups
          .flatMap((g) => g.items)
          .map((item) => ({ "@type": "Question", name: item.question, acceptedAnswer: { "@type": "Answer", text: item.answer } })),
      },
      breadcrumbList(publicUrl, locale, [
        { name: t("crumbs.home"), path: "/" },
        { name: t("faq.title"), path: "/faq" },
      ]),
    ],
  });
  return { seo, groups: faq.groups };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function FaqPage() {
  const { groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-testid="faq-page">
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{t("faq.title")}</h1>
      <p className="mt-2 text-stone-600">{t("faq.intro")}</p>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <section key={group.audience} aria-labelledby={`faq-${group.audience}`} className="mt-8">
            <h2 id={`faq-${group.audience}`} className="text-xl font-bold text-stone-900">
              {t(`faq.${group.audience}`)}
            </h2>
            <div className="mt-3 divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200">
              {group.items.map((entry) => (
                <FaqQuestion key={entry.anchor} entry={entry} />
              ))}
            </div>
          </section>
        ))}
    </div>
  );
}
