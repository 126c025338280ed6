import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { CancelReason } from "../../contract/booking";
import type { HostBooking } from "../../contract/host";
import { bookingIdOf, replyForm, reviewForm } from "~/routes-server/($lang).booking.server";
import { GuestRecordCard, StayReviews } from "~/components/booking/stay-reviews";
import { Countdown } from "~/components/booking/countdown";
import { PriceBreakdown } from "~/components/booking/price-breakdown";
import { STATUS_TONE, TONE_STYLE } from "~/components/booking/status";
import { StatusBadge } from "~/components/booking/status-badge";
import { guestsText } from "~/components/booking/stay-summary";
import { BusyButton } from "~/components/booking/submit";
import { loadHostBooking, notFound, reasonForm } from "~/routes-server/($lang).host.server";
import { Timeline } from "~/components/booking/timeline";
import { ResultNotice } from "~/components/hosting/result-notice";
import { FormAlert } from "~/components/forms/fields";
import { ReasonFields } from "~/components/booking/reason-fields";
import { Card, formatPhone } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError } from "~/lib/api.server";
import { requireHostMode } from "~/lib/auth.server";
import { formatDate, formatMoment, formatPrice } from "~/lib/format";
import { parseForm } from "~/lib/forms.server";
import { useRevalidateOn } from "~/components/realtime/realtime";
import { endpoints } from "../../contract/endpoints";

const NOTICES = ["confirmed", "declined", "cancelled", "reviewed", "replied"] as const;
type NoticeKey = (typeof NOTICES)[number];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/** `/host/booking/{id}` (auth, host mode): one booking of the host's objects and what the host may do now. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHostMode(request, context, params);
  const booking = await loadHostBooking(signedIn, bookingIdOf(params.id));
  const url = new URL(request.url);
  const reasonsOf = (type: "decline" | "cancel", needed: boolean) =>
    needed
      ? signedIn.api
          .call(endpoints.hostCancelReasons, { query: { type } })
          .then((r) => r.reasons)
          .catch((): CancelReason[] => [])
      : Promise.resolve([] as CancelReason[]);
  const [declineReasons, cancelReasons] = await Promise.all([
    reasonsOf("decline", booking.actions.includes("declined")),
    reasonsOf("cancel", booking.actions.includes("cancelled_by_host")),
  ]);
  const t = await getT(signedIn.locale, "hosting");
  const notice = url.searchParams.get("notice");
  return data(
    {
      booking,
      declineReasons,
      cancelReasons,
      notice: (NOTICES as readonly string[]).includes(notice ?? "") ? (notice as NoticeKey) : null,
      title: `${t("detail.title", { id: booking.id })} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

type ActionResult = { intent: "confirm" | "decline" | "cancel" | "review" | "reply"; result?: SubmissionResult<string[]>; formError?: string };

/** Confirm, decline or cancel with a reason, review the guest, reply to their review: each a POST back to this page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHostMode(request, context, params);
  const id = bookingIdOf(params.id);
  const t = await getT(signedIn.locale, ["hosting", "common"]);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = localizePath(`/host/booking/${id}`, signedIn.locale);
  const reply = async (body: ActionResult, status: number) => data(body, { status, headers: await signedIn.headers() });
  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw notFound();
    return error.status === 409 ? t("errors.changed") : error.status >= 500 || error.status === 408 ? t("common:form.unavailable") : error.message;
  };

  if (intent === "confirm") {
    try {
      await signedIn.api.call(endpoints.hostBookingConfirm, { params: { id } });
    } catch (error) {
      return reply({ intent, formError: refused(error) }, 409);
    }
    throw redirect(`${here}?notice=confirmed`, { headers: await signedIn.headers() });
  }
  if (intent === "decline" || intent === "cancel") {
    const submission = parseForm(formData, reasonForm(t));
    if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 422);
    const { reasonId, comment } = submission.value;
    try {
      await signedIn.api.call(intent === "decline" ? endpoints.hostBookingDecline : endpoints.hostBookingCancel, { params: { id }, body: { reasonId, comment } });
    } catch (error) {
      const message = refused(error);
      const fieldErrors: Record<string, string[]> = error instanceof ApiError && error.status === 422 && error.errors.reasonId ? { reasonId: [t("errors.reasonRequired")] } : {};
      return reply({ intent, result: submission.reply({ formErrors: Object.keys(fieldErrors).length ? [] : [message], fieldErrors }) }, 422);
    }
    throw redirect(`${here}?notice=${intent === "decline" ? "declined" : "cancelled"}`, { headers: await signedIn.headers() });
  }
  if (intent === "review" || intent === "reply") {
    const tb = await getT(signedIn.locale, ["booking", "common"]);
    const submission = parseForm(formData, intent === "review" ? reviewForm(tb) : replyForm(tb));
    if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 422);
    try {
      const { text } = submission.value;
      await (intent === "review"
        ? signedIn.api.call(endpoints.hostBookingReview, { params: { id }, body: { rating: (submission.value as { rating: number }).rating, text } })
        : signedIn.api.call(endpoints.hostBookingReply, { params: { id }, body: { text } }));
    } catch (error) {
      const message = refused(error);
      // The API's own words for a closed window or a second reply; a bad field beside the field.
      const fieldErrors: Record<string, string[]> = {};
      if (error instanceof ApiError && error.status === 422 && error.errors.rating) fieldErrors.rating = [tb("booking:errors.ratingRequired")];
      if (error instanceof ApiError && error.status === 422 && error.errors.text) fieldErrors.text = [tb(intent === "review" ? "booking:errors.textShort" : "booking:errors.replyShort")];
      const formErrors = Object.keys(fieldErrors).length ? [] : [error instanceof ApiError && error.status === 409 && error.message ? error.message : message];
      return reply({ intent, result: submission.reply({ formErrors, fieldErrors }) }, 422);
    }
    throw redirect(`${here}?notice=${intent === "review" ? "reviewed" : "replied"}`, { headers: await signedIn.headers() });
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function HostBookingPage() {
  const { booking, declineReasons, cancelReasons, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("hosting");
  const { t: tb } = useTranslation("booking");
  // Confirmed, paid or cancelled elsewhere: the page follows its booking live (issue 27).
  useRevalidateOn((event) => event.type === "notification" && event.data.bookingId === booking.id);
  const { t: tc } = useTranslation("common");
  const { locale, path } = useLocale();
  const tone = TONE_STYLE[STATUS_TONE[booking.status]];
  const day = (d: string) => formatDate(d, locale, { weekday: "short", day: "numeric", month: "long", year: "numeric" });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-5 sm:py-8" data-testid="host-booking-page" data-status={booking.status} data-booking-id={booking.id}>
      <Link to={path("/host/booking")} className="-ml-2 mb-2 inline-flex min-h-10 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
        <span aria-hidden="true">←</span> {t("detail.back")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("detail.title", { id: booking.id })}</h1>

      <div className="mt-4 space-y-5">
        {notice ? <ResultNotice>{t(`notice.${notice}`)}</ResultNotice> : null}
        {actionData?.formError ? <FormAlert errors={[actionData.formError]} /> : null}

        <section aria-labelledby="status-title" className={`rounded-3xl border p-5 sm:p-6 ${tone.panel}`} data-testid="status-panel">
          <h2 id="status-title" className="sr-only">
            {t("detail.status")}
          </h2>
          <StatusBadge status={booking.status} size="md" />
          <p className="mt-3 text-stone-800" data-testid="status-text">
            {t(`status.${booking.status}`)}
          </p>
          {booking.deadline && booking.status === "pending_confirmation" ? (
            <p className="mt-2 font-semibold text-stone-900">
              <Countdown at={booking.deadline.at}>{t("detail.answerBy", { time: formatMoment(booking.deadline.at, locale) })}</Countdown>
            </p>
          ) : null}
          {booking.cancelReason ? (
            <p className="mt-3 text-sm text-stone-700" data-testid="cancel-reason">
              {t("detail.reason", { reason: booking.cancelReason })}
              {booking.cancelComment ? ` — ${booking.cancelComment}` : ""}
            </p>
          ) : booking.cancelComment ? (
            // Without a chosen reason: a cancellation the guest did not choose one for (their account was deleted, issue 27).
            <p className="mt-3 text-sm text-stone-700" data-testid="cancel-reason">
              {booking.cancelComment}
            </p>
          ) : null}
          {booking.actions.includes("pending_payment") ? (
            <Form method="post" className="mt-4" data-testid="confirm-form">
              <input type="hidden" name="intent" value="confirm" />
              <BusyButton className="btn-primary w-full py-3 text-base sm:w-auto" testId="confirm-button">
                {t("detail.confirm")}
              </BusyButton>
              <p className="mt-2 text-xs text-stone-600">{t("detail.confirmHint")}</p>
            </Form>
          ) : null}
        </section>

        <Card title={t("detail.guest")}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-stone-500">{t("detail.name")}</dt>
            <dd className="font-medium text-stone-900" data-testid="guest-name">
              {booking.guest?.name ?? t("detail.guestGone")}
            </dd>
            <dt className="text-stone-500">{t("detail.phone")}</dt>
            <dd data-testid="guest-phone">
              {booking.guestPhone ? (
                <a href={`tel:+${booking.guestPhone}`} className="font-medium text-brand-700 underline">
                  {formatPhone(booking.guestPhone)}
                </a>
              ) : (
                <span className="text-stone-600">{t("detail.phoneAfterPayment")}</span>
              )}
            </dd>
            <dt className="text-stone-500">{t("detail.guests")}</dt>
            <dd className="text-stone-900">{guestsText(tb, booking.adultCount, booking.childrenCount)}</dd>
          </dl>
          {booking.comment ? (
            <div className="mt-3 rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="guest-comment">
              <p className="text-stone-500">{t("detail.comment")}</p>
              <p className="mt-1 whitespace-pre-line break-words text-stone-800">{booking.comment}</p>
            </div>
          ) : null}
          <Form method="post" action={path("/chat/start")} className="mt-3">
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" className="btn-secondary min-h-11 text-sm" data-testid="message-guest">
              {tc("chat.writeGuest")}
            </button>
          </Form>
        </Card>

        {booking.reviews ? (
          <StayReviews
            role="host"
            reviews={booking.reviews}
            reviewResult={actionData?.intent === "review" ? actionData.result : undefined}
            replyResult={actionData?.intent === "reply" ? actionData.result : undefined}
          />
        ) : null}

        {booking.guest && booking.guestRecord ? <GuestRecordCard guestId={booking.guest.id} record={booking.guestRecord} /> : null}

        <Card title={t("detail.stay")}>
          <p className="font-semibold text-stone-900">
            <Link to={path(`/estates/${booking.estate.slug}`)} className="hover:underline">
              {booking.estate.title}
            </Link>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-stone-500">{t("detail.checkIn")}</dt>
            <dd className="text-stone-900">{day(booking.checkInDate)}</dd>
            <dt className="text-stone-500">{t("detail.checkOut")}</dt>
            <dd className="text-stone-900">{day(booking.checkOutDate)}</dd>
            <dt className="text-stone-500">{t("detail.arrival")}</dt>
            <dd className="text-stone-900" data-testid="arrival-slot" data-slot={booking.arrivalSlot ?? ""}>
              {booking.arrivalSlot ? t(`slots.${booking.arrivalSlot}`) : t("detail.arrivalUnknown")}
            </dd>
          </dl>
        </Card>

        <Card title={t("detail.money")}>
          <PriceBreakdown breakdown={booking.price} />
          <dl className="mt-3 space-y-1.5 border-t border-stone-200 pt-3 text-sm" data-testid="payout">
            <div className="flex justify-between gap-3 text-stone-700">
              <dt>{t("detail.commission", { percent: booking.commissionPercent })}</dt>
              <dd className="tabular-nums">−{formatPrice(booking.commission, locale)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-base font-semibold text-stone-900">
              <dt>{t("detail.payout")}</dt>
              <dd className="tabular-nums" data-testid="payout-amount">
                {formatPrice(booking.payout, locale)}
              </dd>
            </div>
            {booking.refundAmount !== null ? (
              <div className="flex justify-between gap-3 text-stone-700">
                <dt>{t("detail.refunded")}</dt>
                <dd className="tabular-nums">{formatPrice(booking.refundAmount, locale)}</dd>
              </div>
            ) : null}
          </dl>
        </Card>

        <Card title={t("detail.history")}>
          <Timeline events={booking.events} describe={(event) => t(`events.${event.status}`)} />
        </Card>

        {booking.actions.includes("declined") ? (
          <ReasonSection booking={booking} intent="decline" reasons={declineReasons} lastResult={actionData?.intent === "decline" ? actionData.result : undefined} />
        ) : null}
        {booking.actions.includes("cancelled_by_host") ? (
          <ReasonSection booking={booking} intent="cancel" reasons={cancelReasons} lastResult={actionData?.intent === "cancel" ? actionData.result : undefined} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * Decline or cancel: a disclosure that holds the form, so the step is deliberate without
 * JavaScript (open, choose a reason, submit); with JavaScript the browser asks once more.
 */
function ReasonSection({ booking, intent, reasons, lastResult }: { booking: HostBooking; intent: "decline" | "cancel"; reasons: CancelReason[]; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("hosting");
  const [form, fields] = useForm({ id: `${intent}-booking`, lastResult });
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details id={intent} open={failed} className="group rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid={`${intent}-section`}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-red-700 [&::-webkit-details-marker]:hidden">
        {t(`detail.${intent}Open`)}
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-3 space-y-4"
        data-testid={`${intent}-form`}
        onSubmit={(event) => {
          if (!window.confirm(t(`detail.${intent}Sure`, { id: booking.id }))) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {intent === "cancel" ? <p className="text-sm text-stone-700">{t("detail.cancelRefund", { amount: booking.totalPrice })}</p> : null}
        <FormAlert errors={form.errors} id={form.errorId} />
        <ReasonFields reasonId={fields.reasonId} comment={fields.comment} reasons={reasons} labels={{ reason: t("detail.reasonLabel"), placeholder: t("detail.reasonPlaceholder"), comment: t("detail.commentLabel") }} />
        <BusyButton className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-red-600 px-5 py-3 font-medium text-white shadow-sm transition hover:bg-red-700 disabled:opacity-60" testId={`${intent}-submit`}>
          {t(`detail.${intent}Submit`)}
        </BusyButton>
      </Form>
    </details>
  );
}
