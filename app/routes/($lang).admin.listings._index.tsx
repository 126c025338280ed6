import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { OPERATOR_LISTING_FILTERS } from "../../contract/operator";
import { ListingState } from "~/components/admin/listing-state";
import { adminMeta } from "~/components/admin/meta";
import { buttonClass, inputClass } from "~/components/admin/ui";
import { Pager, pageFrom } from "~/components/profile/pager";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatPrice } from "~/lib/format";
import { consoleError, requireOperator } from "~/lib/operator.server";
import { kindKey } from "~/components/host/host-nav";
import { endpoints } from "../../contract/endpoints";

export const meta = adminMeta;

const PER_PAGE = 30;

/** `/admin/listings?q=&host=&city=&status=&page=`: any listing by title, host, city and status (or review state). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const url = new URL(request.url);
  const text = (name: string, max = 200) => (url.searchParams.get(name) ?? "").slice(0, max);
  const status = (OPERATOR_LISTING_FILTERS as readonly string[]).includes(url.searchParams.get("status") ?? "") ? (url.searchParams.get("status") as string) : "";
  const filters = { q: text("q"), host: text("host"), city: text("city", 100), status };
  const page = pageFrom(request);
  const list = await signedIn.api
    .call(endpoints.operatorListings, { query: { q: filters.q || undefined, host: filters.host || undefined, city: filters.city || undefined, status: status || undefined, page } })
    .catch((e: unknown) => {
      throw consoleError(e);
    });
  const t = await getT(signedIn.locale, "admin");
  return data({ list, filters, page, lastPage: Math.max(1, Math.ceil(list.total / PER_PAGE)), title: `${t("listings.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

export default function AdminListings() {
  const { list, filters, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { path, locale } = useLocale();
  const href = (p: number) => {
    const s = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
    if (p > 1) s.set("page", String(p));
    return `${path("/admin/listings")}${s.size ? `?${s}` : ""}`;
  };
  return (
    <div data-testid="admin-listings">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("listings.title")}</h1>
      <Form method="get" role="search" className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <label className="text-sm font-medium text-stone-800 lg:col-span-2">
          {t("listings.search")}
          <input type="search" name="q" defaultValue={filters.q} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("listings.host")}
          <input type="search" name="host" defaultValue={filters.host} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("listings.city")}
          <input type="search" name="city" defaultValue={filters.city} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("listings.status")}
          <select name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">{t("listings.anyStatus")}</option>
            {OPERATOR_LISTING_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`listings.filter.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <div>
          <button type="submit" className={buttonClass}>
            {t("listings.submit")}
          </button>
        </div>
      </Form>
      <p className="mb-2 text-sm text-stone-600">{t("listings.found", { count: list.total })}</p>
      {list.listings.length === 0 ? (
        <p className="text-stone-700">{t("listings.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200" data-testid="listings-list">
          {list.listings.map((l) => (
            <li key={l.id} className="px-4 py-3 text-sm" data-testid="listing-row" data-listing-id={l.id}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link to={path(`/admin/listings/${l.id}`)} className="font-semibold text-brand-700 hover:underline">
                  {l.title}
                </Link>
                <span className="text-stone-600">#{l.id}</span>
                <ListingState listing={l} />
              </div>
              <p className="mt-1 text-stone-700">
                {[l.city, t(`listings.kind.${kindKey(l.kind)}`, { defaultValue: l.kind }), l.price ? formatPrice(l.price, locale) : null].filter(Boolean).join(" · ")}
              </p>
              <p className="text-stone-700">
                {t("listings.owner")}:{" "}
                <Link to={path(`/admin/users/${l.host.id}`)} className="text-brand-700 underline underline-offset-2">
                  {l.host.name || `#${l.host.id}`}
                </Link>
                {l.host.phone ? ` (+${l.host.phone})` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={href} />
    </div>
  );
}
