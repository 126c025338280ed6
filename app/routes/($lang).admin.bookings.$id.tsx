import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { BookingStatus } from "../../contract/booking";
import { StatusBadge } from "~/components/booking/status-badge";
import { AuditList, dangerButtonClass, FieldError, Notice, ReasonField, Section } from "~/components/admin/ui";
import { actionStart, loadDetail } from "~/routes-server/($lang).admin.server";
import { adminMeta } from "~/components/admin/meta";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatDateTime, formatPrice } from "~/lib/format";
import { replyFrom, type ActionReply } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta = adminMeta;

/** `/admin/bookings/{id}`: a booking's timeline, money and history; cancel it on behalf of a side. */
export const loader = (args: LoaderFunctionArgs) => loadDetail(args, (api, id) => api.call(endpoints.operatorBooking, { params: { id } }), "booking.title");

export async function action(args: ActionFunctionArgs) {
  const { signedIn, id, form, here } = await actionStart(args, "bookings");
  const values = { side: String(form.get("side") ?? ""), refund: String(form.get("refund") ?? "rules"), reason: String(form.get("reason") ?? "") };
  try {
    await signedIn.api.call(endpoints.operatorBookingCancel, { params: { id }, body: { side: values.side || undefined, refund: values.refund, reason: values.reason } });
    throw redirect(`${here}?done=cancel`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ActionReply>(replyFrom(error, values), { status: 422 });
  }
}

export default function AdminBooking() {
  const { detail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("booking");
  const { path, locale } = useLocale();
  const b = detail.booking;
  const failed = reply && !reply.ok ? reply : null;
  return (
    <div data-testid="admin-booking" data-status={b.status}>
      <Link to={path("/admin/bookings")} className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-700 hover:bg-stone-100">
        <span aria-hidden="true">←</span> {t("booking.back")}
      </Link>
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-stone-900">{t("booking.title", { id: b.id })}</h1>
      <div className="mb-4">
        <StatusBadge status={b.status as BookingStatus} size="md" />
      </div>
      {search.get("done") === "cancel" ? <Notice tone="ok" testId="action-done">{t("booking.cancel.done")}</Notice> : null}
      {failed && Object.keys(failed.errors).length === 0 ? <Notice tone="error" testId="action-error">{failed.message}</Notice> : null}

      <Section title={t("booking.estate")}>
        <p className="font-medium">{b.estateTitle}</p>
        <p className="text-sm text-stone-700">
          {formatDate(b.checkInDate, locale)} – {formatDate(b.checkOutDate, locale)} · {formatPrice(b.totalPrice, locale)}
        </p>
        <p className="text-sm text-stone-700">
          {t("bookings.guest")}: {b.guest.id ? <Link to={path(`/admin/users/${b.guest.id}`)} className="text-brand-700 underline">{b.guest.name || `#${b.guest.id}`}</Link> : "—"} · {t("bookings.host")}:{" "}
          <Link to={path(`/admin/users/${b.host.id}`)} className="text-brand-700 underline">
            {b.host.name || `#${b.host.id}`}
          </Link>
        </p>
        {b.cancelComment ? <p className="mt-1 text-sm text-stone-700">{t("booking.cancelComment", { text: b.cancelComment })}</p> : null}
        {b.refundAmount !== null ? <p className="text-sm text-stone-700">{t("booking.refunded", { amount: formatPrice(b.refundAmount, locale) })}</p> : null}
      </Section>

      <Section title={t("booking.timeline")} testId="booking-timeline">
        <ol className="space-y-1 text-sm">
          {detail.events.map((e, i) => (
            <li key={i} data-status={e.toStatus} data-actor={e.actor}>
              <time dateTime={e.at} className="text-stone-600">
                {formatDateTime(e.at, locale)}
              </time>{" "}
              <span className="font-medium">{tb(`status.${e.toStatus}.name`)}</span> <span className="text-stone-600">({t(`booking.actor.${e.actor}`, { defaultValue: e.actor })})</span>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t("booking.payments")}>
        {detail.transactions.length === 0 ? (
          <p className="text-sm text-stone-700">{t("booking.noPayments")}</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="booking-money">
            {detail.transactions.map((m) => (
              <li key={m.id} data-kind={m.kind}>
                {t(`booking.${m.kind === "refund" ? "refund" : "payment"}`)}: {formatPrice(m.amount, locale)} · {m.status} · {m.provider} · {formatDateTime(m.createdAt, locale)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("booking.cancel.title")} testId="cancel-section">
        {detail.cancellable ? (
          <Form method="post" className="space-y-4">
            <fieldset aria-describedby={failed?.errors.side ? "side-error" : undefined}>
              <legend className="text-sm font-medium text-stone-800">{t("booking.cancel.side")}</legend>
              {(["guest", "host"] as const).map((side) => (
                <label key={side} className="mt-2 flex min-h-11 items-center gap-2 text-sm text-stone-800">
                  <input type="radio" name="side" value={side} defaultChecked={failed?.values.side === side} className="h-5 w-5" />
                  {t(`booking.cancel.${side}`)}
                </label>
              ))}
              <FieldError id="side-error" messages={failed?.errors.side} />
            </fieldset>
            {b.status === "paid_waiting_checkin" ? (
              <fieldset>
                <legend className="text-sm font-medium text-stone-800">{t("booking.cancel.refund")}</legend>
                {(["rules", "full"] as const).map((refund) => (
                  <label key={refund} className="mt-2 flex min-h-11 items-center gap-2 text-sm text-stone-800">
                    <input type="radio" name="refund" value={refund} defaultChecked={(failed?.values.refund ?? "rules") === refund} className="h-5 w-5" />
                    {t(`booking.cancel.${refund}`, { amount: formatPrice(refund === "full" ? b.totalPrice : detail.refundByRules, locale) })}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <ReasonField id="cancel-reason" errorId="reason-error" label={t("booking.cancel.reason")} reply={failed} />
            <button type="submit" className={dangerButtonClass}>
              {t("booking.cancel.submit")}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-stone-700">{t("booking.cancel.not")}</p>
        )}
      </Section>

      <Section title={t("booking.history")}>
        {detail.history.length === 0 ? <p className="text-sm text-stone-700">{t("user.noHistory")}</p> : <AuditList entries={detail.history} />}
      </Section>
    </div>
  );
}
