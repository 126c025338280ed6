import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BOOKING_STATUSES, type BookingStatus } from "../../contract/booking";
import { StatusBadge } from "~/components/booking/status-badge";
import { buttonClass, inputClass } from "~/components/admin/ui";
import { Pager, pageFrom } from "~/components/profile/pager";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatPrice } from "~/lib/format";
import { consoleError, requireOperator } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

const PER_PAGE = 30;
const isoDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : "");

/** `/admin/bookings?q=&status=&from=&to=&page=`: bookings by number, guest, host, listing, status and dates. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const status = (BOOKING_STATUSES as readonly string[]).includes(url.searchParams.get("status") ?? "") ? (url.searchParams.get("status") as string) : "";
  const from = isoDate(url.searchParams.get("from"));
  const to = isoDate(url.searchParams.get("to"));
  const page = pageFrom(request);
  const list = await signedIn.api
    .call(endpoints.operatorBookings, { query: { q: q || undefined, status: status || undefined, from: from || undefined, to: to || undefined, page } })
    .catch((e: unknown) => {
      throw consoleError(e);
    });
  const t = await getT(signedIn.locale, "admin");
  return data(
    { list, filters: { q, status, from, to }, page, lastPage: Math.max(1, Math.ceil(list.total / PER_PAGE)), title: `${t("bookings.title")} — ${t("title")}` },
    { headers: await signedIn.headers() },
  );
}

export default function AdminBookings() {
  const { list, filters, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("booking");
  const { path, locale } = useLocale();
  const href = (p: number) => {
    const s = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
    if (p > 1) s.set("page", String(p));
    return `${path("/admin/bookings")}${s.size ? `?${s}` : ""}`;
  };
  return (
    <div data-testid="admin-bookings">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("bookings.title")}</h1>
      <Form method="get" role="search" className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <label className="text-sm font-medium text-stone-800 lg:col-span-2">
          {t("bookings.search")}
          <input type="search" name="q" defaultValue={filters.q} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("bookings.status")}
          <select name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">{t("bookings.anyStatus")}</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {tb(`status.${s}.name`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("bookings.from")}
          <input type="date" name="from" defaultValue={filters.from} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("bookings.to")}
          <input type="date" name="to" defaultValue={filters.to} className={inputClass} />
        </label>
        <div>
          <button type="submit" className={buttonClass}>
            {t("bookings.submit")}
          </button>
        </div>
      </Form>
      <p className="mb-2 text-sm text-stone-600">{t("bookings.found", { count: list.total })}</p>
      {list.bookings.length === 0 ? (
        <p className="text-stone-700">{t("bookings.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200" data-testid="bookings-list">
          {list.bookings.map((b) => (
            <li key={b.id} className="px-4 py-3 text-sm" data-testid="booking-row">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link to={path(`/admin/bookings/${b.id}`)} className="font-semibold text-brand-700 hover:underline">
                  #{b.id}
                </Link>
                <span className="font-medium text-stone-900">{b.estateTitle}</span>
                <StatusBadge status={b.status as BookingStatus} />
              </div>
              <p className="mt-1 text-stone-700">
                {t("bookings.dates")}: {formatDate(b.checkInDate, locale)} – {formatDate(b.checkOutDate, locale)} · {t("bookings.total")}: {formatPrice(b.totalPrice, locale)}
              </p>
              <p className="text-stone-700">
                {t("bookings.guest")}: {b.guest.id ? <Link to={path(`/admin/users/${b.guest.id}`)} className="text-brand-700 underline">{b.guest.name || `#${b.guest.id}`}</Link> : "—"} · {t("bookings.host")}:{" "}
                <Link to={path(`/admin/users/${b.host.id}`)} className="text-brand-700 underline">
                  {b.host.name || `#${b.host.id}`}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={href} />
    </div>
  );
}
