import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CONTENT_KINDS, isCreatable } from "../../contract/operator-content";
import { Section } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { consoleError, requireOperator } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/** `/admin/content`: the FAQ, articles, legal documents and promos, each opening its editor. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const list = await signedIn.api.call(endpoints.operatorContent).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ items: list.items, title: `${t("content.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

export default function AdminContent() {
  const { items } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  return (
    <div data-testid="admin-content">
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-stone-900">{t("content.title")}</h1>
      <p className="mb-5 text-sm text-stone-700">{t("content.intro")}</p>
      {CONTENT_KINDS.map((kind) => {
        const rows = items.filter((i) => i.kind === kind);
        return (
          <Section key={kind} title={t(`content.kinds.${kind}`)} testId={`content-${kind}`}>
            {isCreatable(kind) ? (
              <Link
                to={path(`/admin/content/${kind}/new`)}
                className="mb-3 inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
              >
                + {t(`content.add.${kind}`)}
              </Link>
            ) : null}
            {rows.length === 0 ? (
              <p className="text-sm text-stone-700">{t("content.empty")}</p>
            ) : (
              <ul className="divide-y divide-stone-200 text-sm">
                {rows.map((row) => (
                  <li key={row.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2" data-testid="content-row" data-label={row.label}>
                    <Link to={path(`/admin/content/${kind}/${row.id}`)} className="min-w-0 break-words font-medium text-brand-700 hover:underline">
                      {row.title}
                    </Link>
                    <span className="break-all text-stone-600">{row.label}</span>
                    {row.draft ? <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">{t("content.draft")}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        );
      })}
    </div>
  );
}
