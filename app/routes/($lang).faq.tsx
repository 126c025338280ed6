import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { getT } from "~/i18n/i18n.server";
import { localeFromParams } from "~/lib/request.server";
import { breadcrumbList, seoFor, seoMeta } from "~/lib/seo";

/** The questions, by group; each answer's anchor is its key (`/faq#cancel`). */
const GROUPS = [
  { key: "guests", items: ["book", "pay", "cancel", "contact"] },
  { key: "hosts", items: ["list", "commission", "calendar", "requests"] },
] as const;

/** `/faq`: answers open with `<details>`, so the page works without JavaScript. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  const t = await getT(locale, "content");
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
        mainEntity: GROUPS.flatMap((g) => g.items).map((id) => ({
          "@type": "Question",
          name: t(`faq.items.${id}.q`),
          acceptedAnswer: { "@type": "Answer", text: t(`faq.items.${id}.a`) },
        })),
      },
      breadcrumbList(publicUrl, locale, [
        { name: t("crumbs.home"), path: "/" },
        { name: t("faq.title"), path: "/faq" },
      ]),
    ],
  });
  return { seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? seoMeta(data.seo) : []);

export default function FaqPage() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-testid="faq-page">
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{t("faq.title")}</h1>
      <p className="mt-2 text-stone-600">{t("faq.intro")}</p>
      {GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`faq-${group.key}`} className="mt-8">
          <h2 id={`faq-${group.key}`} className="text-xl font-bold text-stone-900">
            {t(`faq.${group.key}`)}
          </h2>
          <div className="mt-3 divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200">
            {group.items.map((id) => (
              <details key={id} id={id} className="group scroll-mt-24 p-4 target:bg-brand-50">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
                  <span>{t(`faq.items.${id}.q`)}</span>
                  <span aria-hidden="true" className="text-xl text-stone-500 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-2 text-stone-700">{t(`faq.items.${id}.a`)}</p>
                <a href={`#${id}`} className="mt-2 inline-block text-sm text-brand-700 underline underline-offset-2">
                  {t("faq.link")}
                </a>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
