import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusBadge } from "~/components/booking/status-badge";
import { AuditList, buttonClass, dangerButtonClass, inputClass, Notice, ReasonField, Section } from "~/components/admin/ui";
import { actionStart, loadDetail } from "~/routes-server/($lang).admin.server";
import { adminMeta } from "~/components/admin/meta";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate, formatDateTime, formatPrice } from "~/lib/format";
import { notFoundResponse, replyFrom, type ActionReply } from "~/lib/operator.server";
import type { BookingStatus } from "../../contract/booking";
import { endpoints } from "../../contract/endpoints";

export const meta = adminMeta;

/** `/admin/users/{id}`: one user with their listings, bookings, reviews and history; block or unblock. */
export const loader = (args: LoaderFunctionArgs) => loadDetail(args, (api, id) => api.call(endpoints.operatorUser, { params: { id } }), "user.title");

export async function action(args: ActionFunctionArgs) {
  const { signedIn, id, form, here } = await actionStart(args, "users");
  const intent = String(form.get("intent") ?? "");
  const values = { reason: String(form.get("reason") ?? ""), upcomingBookings: String(form.get("upcomingBookings") ?? "keep") };
  try {
    if (intent === "block") {
      const result = await signedIn.api.call(endpoints.operatorUserBlock, { params: { id }, body: { reason: values.reason, upcomingBookings: values.upcomingBookings } });
      // After a post, a page of its own: reloading it does not block twice.
      throw redirect(`${here}?done=block&cancelled=${result.cancelledBookings.length}`, { headers: await signedIn.headers() });
    }
    if (intent === "unblock") {
      await signedIn.api.call(endpoints.operatorUserUnblock, { params: { id }, body: { reason: values.reason || undefined } });
      throw redirect(`${here}?done=unblock`, { headers: await signedIn.headers() });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ActionReply>(replyFrom(error, { ...values, intent }), { status: 422 });
  }
  throw notFoundResponse();
}

export default function AdminUser() {
  const { detail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path, locale } = useLocale();
  const u = detail.user;
  const failed = reply && !reply.ok ? reply : null;
  const done = search.get("done");
  const cancelled = Number(search.get("cancelled") ?? "0");
  return (
    <div data-testid="admin-user" data-blocked={u.blocked ? "true" : "false"}>
      <Link to={path("/admin/users")} className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-700 hover:bg-stone-100">
        <span aria-hidden="true">←</span> {t("user.back")}
      </Link>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">
        {u.name || t("users.noName")} <span className="text-base font-normal text-stone-600">{t("user.title", { id: u.id })}</span>
      </h1>
      {done === "block" ? <Notice tone="ok" testId="action-done">{cancelled ? t("user.block.doneCancelled", { count: cancelled }) : t("user.block.done")}</Notice> : null}
      {done === "unblock" ? <Notice tone="ok" testId="action-done">{t("user.unblock.done")}</Notice> : null}
      {failed && Object.keys(failed.errors).length === 0 ? <Notice tone="error" testId="action-error">{failed.message}</Notice> : null}

      <Section title={t("user.account")}>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-stone-600">{t("user.phone")}</dt>
          <dd>{u.phone ? `+${u.phone}` : "—"}</dd>
          <dt className="font-medium text-stone-600">{t("user.email")}</dt>
          <dd>{u.email ?? "—"}</dd>
          <dt className="font-medium text-stone-600">{t("user.mode")}</dt>
          <dd>{u.role === "operator" ? t("users.operator") : t(`users.${u.mode}`)}</dd>
          <dt className="font-medium text-stone-600">{t("user.language")}</dt>
          <dd>{u.locale}</dd>
          <dt className="font-medium text-stone-600">{t("user.since")}</dt>
          <dd>{formatDateTime(u.createdAt, locale)}</dd>
        </dl>
        {u.blocked ? (
          <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200" data-testid="blocked-state">
            <p className="font-semibold">{t("user.blockedSince", { date: u.blockedAt ? formatDateTime(u.blockedAt, locale) : "" })}</p>
            {u.blockedReason ? <p>{t("user.blockedWhy", { reason: u.blockedReason })}</p> : null}
          </div>
        ) : null}
      </Section>

      {u.role === "operator" ? (
        <p className="mb-6 text-sm text-stone-700">{t("user.operatorNote")}</p>
      ) : u.deleted ? null : u.blocked ? (
        <Section title={t("user.unblock.title")} testId="unblock-section">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="unblock" />
            <label className="block text-sm font-medium text-stone-800">
              {t("user.unblock.reason")}
              <input name="reason" defaultValue={failed?.values.intent === "unblock" ? failed.values.reason : ""} maxLength={1000} className={inputClass} />
            </label>
            <button type="submit" className={buttonClass}>
              {t("user.unblock.submit")}
            </button>
          </Form>
        </Section>
      ) : (
        <Section title={t("user.block.title")} testId="block-section">
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="block" />
            <p className="text-sm text-stone-700">{t("user.block.hint")}</p>
            <ReasonField id="block-reason" errorId="reason-error" label={t("user.block.reason")} reply={failed} />
            {detail.upcomingHostBookings > 0 ? (
              <fieldset>
                <legend className="text-sm font-medium text-stone-800">{t("user.block.upcoming", { count: detail.upcomingHostBookings })}</legend>
                {(["cancel", "keep"] as const).map((choice) => (
                  <label key={choice} className="mt-2 flex min-h-11 items-center gap-2 text-sm text-stone-800">
                    <input type="radio" name="upcomingBookings" value={choice} defaultChecked={(failed?.values.upcomingBookings ?? "cancel") === choice} className="h-5 w-5" />
                    {t(`user.block.${choice}`)}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <button type="submit" className={dangerButtonClass}>
              {t("user.block.submit")}
            </button>
          </Form>
        </Section>
      )}

      <Section title={t("user.listings")}>
        {detail.listings.length === 0 ? (
          <p className="text-sm text-stone-700">{t("user.noListings")}</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="user-listings">
            {detail.listings.map((l) => (
              <li key={l.id} data-status={l.status}>
                <Link to={path(`/estates/${l.slug}`)} className="text-brand-700 underline">
                  {l.title}
                </Link>{" "}
                <span className="text-stone-600">
                  #{l.id} · {l.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("user.bookings")}>
        {detail.bookings.length === 0 ? (
          <p className="text-sm text-stone-700">{t("user.noBookings")}</p>
        ) : (
          <ul className="divide-y divide-stone-200 text-sm" data-testid="user-bookings">
            {detail.bookings.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link to={path(`/admin/bookings/${b.id}`)} className="font-semibold text-brand-700 hover:underline">
                  #{b.id}
                </Link>
                <span>{b.estateTitle}</span>
                <span className="text-stone-600">
                  {formatDate(b.checkInDate, locale)} – {formatDate(b.checkOutDate, locale)}
                </span>
                <span>{formatPrice(b.totalPrice, locale)}</span>
                <StatusBadge status={b.status as BookingStatus} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("user.reviews")}>
        {detail.reviews.length === 0 ? (
          <p className="text-sm text-stone-700">{t("user.noReviews")}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {detail.reviews.map((r) => (
              <li key={r.id}>
                <span className="font-semibold">{r.rating}/5</span> {r.text} {r.hidden ? <em className="text-stone-600">({t("user.hiddenReview")})</em> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("user.history")} testId="user-history">
        {detail.history.length === 0 ? <p className="text-sm text-stone-700">{t("user.noHistory")}</p> : <AuditList entries={detail.history} />}
      </Section>
    </div>
  );
}
