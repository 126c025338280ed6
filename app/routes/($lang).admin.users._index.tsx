import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { buttonClass, inputClass } from "~/components/admin/ui";
import { Pager, pageFrom } from "~/components/profile/pager";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { consoleError, requireOperator } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

const PER_PAGE = 30;

/** `/admin/users?q=&blocked=1&page=`: users by phone, name or e-mail. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const blocked = url.searchParams.get("blocked") === "1";
  const page = pageFrom(request);
  const list = await signedIn.api.call(endpoints.operatorUsers, { query: { q: q || undefined, blocked: blocked ? "1" : undefined, page } }).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ list, q, blocked, page, lastPage: Math.max(1, Math.ceil(list.total / PER_PAGE)), title: `${t("users.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

export default function AdminUsers() {
  const { list, q, blocked, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  const href = (p: number) => {
    const s = new URLSearchParams();
    if (q) s.set("q", q);
    if (blocked) s.set("blocked", "1");
    if (p > 1) s.set("page", String(p));
    return `${path("/admin/users")}${s.size ? `?${s}` : ""}`;
  };
  return (
    <div data-testid="admin-users">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("users.title")}</h1>
      <Form method="get" role="search" className="mb-5 flex flex-wrap items-end gap-3">
        <label className="min-w-56 flex-1 text-sm font-medium text-stone-800">
          {t("users.search")}
          <input type="search" name="q" defaultValue={q} className={inputClass} />
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" name="blocked" value="1" defaultChecked={blocked} className="h-5 w-5" />
          {t("users.blockedOnly")}
        </label>
        <button type="submit" className={buttonClass}>
          {t("users.submit")}
        </button>
      </Form>
      <p className="mb-2 text-sm text-stone-600" data-testid="users-total">
        {t("users.found", { count: list.total })}
      </p>
      {list.users.length === 0 ? (
        <p className="text-stone-700">{t("users.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200" data-testid="users-list">
          {list.users.map((u) => (
            <li key={u.id}>
              <Link to={path(`/admin/users/${u.id}`)} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-stone-50" data-testid="user-row">
                <span className="font-semibold text-stone-900">{u.name || t("users.noName")}</span>
                <span className="text-sm text-stone-600">#{u.id}</span>
                {u.phone ? <span className="text-sm text-stone-700">+{u.phone}</span> : null}
                {u.email ? <span className="text-sm text-stone-700">{u.email}</span> : null}
                <span className="text-sm text-stone-600">{t(`users.${u.mode}`)}</span>
                {u.role === "operator" ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">{t("users.operator")}</span> : null}
                {u.blocked ? <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">{t("users.blocked")}</span> : null}
                {u.deleted ? <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">{t("users.deleted")}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={href} />
    </div>
  );
}
