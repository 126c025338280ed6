import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuditList, buttonClass, inputClass } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { consoleError, requireOperator } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

const ACTIONS = [
  "listing.unpublish",
  "listing.approve",
  "listing.reject",
  "user.block",
  "user.unblock",
  "booking.cancel",
  "review.hide",
  "review.show",
  "operator.create",
  "operator.remove",
  "payout.run",
  "payout.confirm",
  "payout.transfer_list",
  "faq.create",
  "faq.update",
  "article.create",
  "article.update",
  "legal.update",
  "promo.update",
  "route_rule.create",
  "route_rule.update",
  "route_rule.delete",
  "contact.create",
  "contact.update",
  "contact.delete",
  "social.create",
  "social.update",
  "social.delete",
  "mobile_app.create",
  "mobile_app.update",
  "mobile_app.delete",
] as const;

/** `/admin/audit?q=&action=&before=`: every operator action, newest first, searchable, 50 a page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const action = (ACTIONS as readonly string[]).includes(url.searchParams.get("action") ?? "") ? (url.searchParams.get("action") as string) : "";
  const beforeRaw = url.searchParams.get("before") ?? "";
  const before = /^\d{1,9}$/.test(beforeRaw) ? beforeRaw : "";
  const page = await signedIn.api.call(endpoints.operatorAudit, { query: { q: q || undefined, action: action || undefined, before: before || undefined } }).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ page, q, action, title: `${t("audit.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

export default function AdminAudit() {
  const { page, q, action } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  const next = new URLSearchParams();
  if (q) next.set("q", q);
  if (action) next.set("action", action);
  if (page.nextBefore) next.set("before", String(page.nextBefore));
  return (
    <div data-testid="admin-audit">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("audit.title")}</h1>
      <Form method="get" role="search" className="mb-5 flex flex-wrap items-end gap-3">
        <label className="min-w-56 flex-1 text-sm font-medium text-stone-800">
          {t("audit.search")}
          <input type="search" name="q" defaultValue={q} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("audit.action")}
          <select name="action" defaultValue={action} className={inputClass}>
            <option value="">{t("audit.anyAction")}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass}>
          {t("audit.submit")}
        </button>
      </Form>
      <div className="rounded-2xl bg-white px-4 ring-1 ring-stone-200">
        {page.entries.length === 0 ? <p className="py-4 text-stone-700">{t("audit.empty")}</p> : <AuditList entries={page.entries} />}
      </div>
      {page.nextBefore ? (
        <Link to={`${path("/admin/audit")}?${next}`} className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
          {t("audit.more")}
        </Link>
      ) : null}
    </div>
  );
}
