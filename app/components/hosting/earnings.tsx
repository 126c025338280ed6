import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { HostEarnings } from "../../../contract/host";
import { Card } from "~/components/profile/ui";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatMonthYear, formatPrice } from "~/lib/format";
import { stayDates } from "./stay-dates";

/**
 * The host's earnings on /profile/transactions: the payouts (pending, payable, paid, each line, a
 * CSV for the host's accounting at /profile/earnings.csv), then totals per month of check-in, then
 * per booking.
 */
export function Earnings({ earnings }: { earnings: HostEarnings }) {
  const { t } = useTranslation("hosting");
  const { locale, path } = useLocale();
  const money = (n: number) => formatPrice(n, locale);
  return (
    <section className="mb-8 space-y-4" data-testid="host-earnings" aria-labelledby="earnings-title">
      <div>
        <h2 id="earnings-title" className="text-2xl font-bold tracking-tight text-stone-900">
          {t("earnings.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("earnings.subtitle")}</p>
      </div>
      <Payouts payouts={earnings.payouts} />
      {earnings.items.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-sm text-stone-600 ring-1 ring-stone-200">{t("earnings.empty")}</p>
      ) : (
        <>
          <Card title={t("earnings.months")}>
            <ul className="divide-y divide-stone-200 text-sm" data-testid="earnings-months">
              {earnings.months.map((m) => (
                <li key={m.month} className="py-2" data-month={m.month}>
                  <p className="flex justify-between gap-3 font-semibold text-stone-900">
                    <span>{formatMonthYear(m.month, locale)}</span>
                    <span className="tabular-nums">{money(m.payout)}</span>
                  </p>
                  <p className="text-xs text-stone-600">
                    {t("earnings.count", { count: m.bookings })} · {t("earnings.paid")} {money(m.paid)} · {t("earnings.commission")} {money(m.commission)}
                    {m.refunded ? ` · ${t("earnings.refunded")} ${money(m.refunded)}` : ""}
                  </p>
                </li>
              ))}
              <li className="flex justify-between gap-3 pt-2 font-semibold text-stone-900" data-testid="earnings-total">
                <span>{t("earnings.total")}</span>
                <span className="tabular-nums">{money(earnings.totals.payout)}</span>
              </li>
            </ul>
          </Card>
          <Card title={t("earnings.bookings")}>
            <ul className="divide-y divide-stone-200 text-sm" data-testid="earnings-bookings">
              {earnings.items.map((item) => (
                <li key={item.bookingId} className="py-2" data-booking-id={item.bookingId}>
                  <p className="flex justify-between gap-3">
                    <Link to={path(`/host/booking/${item.bookingId}`)} className="font-medium text-brand-700 underline">
                      {t("earnings.booking", { id: item.bookingId })}
                    </Link>
                    <span className="font-semibold tabular-nums text-stone-900" data-testid="earning-payout">
                      {money(item.payout)}
                    </span>
                  </p>
                  <p className="truncate text-xs text-stone-600">
                    {item.estateTitle} · {stayDates(item.checkInDate, item.checkOutDate, locale)}
                  </p>
                  <p className="text-xs text-stone-600">
                    {t("earnings.paid")} {money(item.paid)} · {t("earnings.commission")} {item.commissionPercent} % {money(item.commission)}
                    {item.refunded ? ` · ${t("earnings.refunded")} ${money(item.refunded)}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </section>
  );
}

/** What the payout ledger says: three sums, then each line with its state and date. */
function Payouts({ payouts }: { payouts: HostEarnings["payouts"] }) {
  const { t } = useTranslation("hosting");
  const { locale, path } = useLocale();
  const money = (n: number) => formatPrice(n, locale);
  const day = (iso: string) => formatDate(iso.slice(0, 10), locale, { day: "numeric", month: "long", year: "numeric" });
  const STATE_STYLE = { pending: "bg-stone-100 text-stone-800 ring-stone-300", payable: "bg-amber-50 text-amber-900 ring-amber-300", paid: "bg-emerald-50 text-emerald-800 ring-emerald-300" } as const;
  return (
    <Card title={t("earnings.payouts.title")}>
      <p className="text-sm text-stone-600">{t("earnings.payouts.text")}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center" data-testid="payout-sums">
        {(["pending", "payable", "paid"] as const).map((state) => (
          <div key={state} className="rounded-2xl bg-stone-50 p-2 ring-1 ring-stone-200" data-state={state}>
            <dt className="text-xs font-medium text-stone-600">{t(`earnings.payouts.${state}`)}</dt>
            <dd className="font-bold tabular-nums text-stone-900" data-testid={`payout-${state}`}>
              {money(payouts[state])}
            </dd>
          </div>
        ))}
      </dl>
      {payouts.lines.length ? (
        <>
          <ul className="mt-3 divide-y divide-stone-200 text-sm" data-testid="payout-lines">
            {payouts.lines.map((line) => (
              <li key={`${line.bookingId}-${line.kind}`} className="py-2" data-payout-booking-id={line.bookingId} data-state={line.state}>
                <p className="flex justify-between gap-3">
                  <Link to={path(`/host/booking/${line.bookingId}`)} className="font-medium text-brand-700 underline">
                    {line.kind === "refund" ? t("earnings.payouts.refund") : t("earnings.booking", { id: line.bookingId })}
                  </Link>
                  <span className="font-semibold tabular-nums text-stone-900">{money(line.hostShare)}</span>
                </p>
                <p className="truncate text-xs text-stone-600">
                  {line.estateTitle} · {stayDates(line.checkInDate, line.checkOutDate, locale)}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-stone-600">
                  <span className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${STATE_STYLE[line.state]}`}>{t(`earnings.payouts.state.${line.state}`)}</span>
                  {line.state === "paid" && line.paidAt ? t("earnings.payouts.paidOn", { date: day(line.paidAt) }) : t("earnings.payouts.payableFrom", { date: day(line.payableAt) })}
                </p>
              </li>
            ))}
          </ul>
          <a href={path("/profile/earnings.csv")} download className="btn-secondary mt-3 w-full" data-testid="payouts-csv">
            {t("earnings.payouts.csv")}
          </a>
        </>
      ) : (
        <p className="mt-3 text-sm text-stone-600">{t("earnings.payouts.none")}</p>
      )}
    </Card>
  );
}
