import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Booking, CancelReason } from "../../contract/booking";
import { apiMessage, bookingIdOf, cancelForm, loadGuestBooking, reviewForm, startPayment } from "~/routes-server/($lang).booking.server";
import { Countdown } from "~/components/booking/countdown";
import { PriceBreakdown } from "~/components/booking/price-breakdown";
import { refundIfCancelledNow } from "~/components/booking/refund";
import { STATUS_TONE, TONE_STYLE } from "~/components/booking/status";
import { StatusBadge } from "~/components/booking/status-badge";
import { StaySummary } from "~/components/booking/stay-summary";
import { StayReviews } from "~/components/booking/stay-reviews";
import { StayContactCard } from "~/components/booking/stay-contact";
import { BusyButton } from "~/components/booking/submit";
import { clockTime, DEFAULT_CHECK_IN, DEFAULT_CHECK_OUT } from "~/components/booking/time";
import { ReasonFields } from "~/components/booking/reason-fields";
import { Timeline } from "~/components/booking/timeline";
import { FormAlert, Notice } from "~/components/forms/fields";
import { Card } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { formatMoment, formatPrice } from "~/lib/format";
import { todayInBishkek } from "../../contract/dates";
import { parseForm, readForm } from "~/lib/forms.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { useRevalidateOn } from "~/components/realtime/realtime";
import { endpoints } from "../../contract/endpoints";

const NOTICES = ["requested", "cancelled", "reviewed"] as const;
type NoticeKey = (typeof NOTICES)[number];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const id = bookingIdOf(params.id);
  const booking = await loadGuestBooking(signedIn, id);
  const url = new URL(request.url);
  const canCancel = booking.actions.includes("cancelled_by_guest");
  // Decoration around the booking: without it the page shows less, never an error.
  const [reasons, estate] = await Promise.all([
    canCancel
      ? signedIn.api
          .call(endpoints.bookingCancelReasons, { query: { type: "cancel" } })
          .then((r) => r.reasons)
          .catch((): CancelReason[] => [])
      : ([] as CancelReason[]),
    signedIn.api
      .call(endpoints.estate, { params: { id: booking.estate.id } })
      .then((r) => r.estate)
      .catch(() => null),
  ]);
  const t = await getT(signedIn.locale, "booking");
  const notice = url.searchParams.get("notice");
  return data(
    {
      booking,
      reasons,
      canCancel,
      refund: refundIfCancelledNow(booking, todayInBishkek()),
      checkInTime: clockTime(estate?.checkInTime, DEFAULT_CHECK_IN),
      checkOutTime: clockTime(estate?.checkOutTime, DEFAULT_CHECK_OUT),
      notice: (NOTICES as readonly string[]).includes(notice ?? "") ? (notice as NoticeKey) : null,
      openCancel: url.searchParams.has("cancel"),
      title: `${t("meta.detail", { id: booking.id })} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

type ActionResult = { intent: "pay" | "cancel" | "review"; result?: SubmissionResult<string[]>; formError?: string };

/** Pay, cancel with a reason, or review: one POST per intent, each back to this page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const { locale } = signedIn;
  const id = bookingIdOf(params.id);
  const t = await getT(locale, ["booking", "common"]);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const here = localizePath(`/profile/booking/${id}`, locale);
  const reply = async (body: ActionResult, status: number) => data(body, { status, headers: await signedIn.headers() });

  if (intent === "pay") {
    const payment = await startPayment(signedIn, id, t);
    if (payment instanceof Response) return payment;
    return reply({ intent: "pay", formError: payment.formError }, 409);
  }

  if (intent === "cancel" || intent === "review") {
    const submission = parseForm(formData, intent === "cancel" ? cancelForm(t) : reviewForm(t));
    if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 422);
    try {
      if (intent === "cancel") {
        const { reasonId, comment } = submission.value as { reasonId: number; comment?: string };
        await signedIn.api.call(endpoints.bookingCancel, { params: { id }, body: { reasonId, comment } });
      } else {
        const { rating, text } = submission.value as { rating: number; text: string };
        await signedIn.api.call(endpoints.bookingReview, { params: { id }, body: { rating, text } });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) throw new Response("Not Found", { status: 404 });
      const fieldErrors: Record<string, string[]> = {};
      if (error.status === 422 && error.errors.reasonId) fieldErrors.reasonId = [t("errors.reasonRequired")];
      if (error.status === 422 && error.errors.rating) fieldErrors.rating = [t("errors.ratingRequired")];
      if (error.status === 422 && error.errors.text) fieldErrors.text = [t("errors.textShort")];
      // A review refused (the window closed, already written) says why in the API's words, in the page's language.
      const reviewRefusal = intent === "review" && error.status === 409 && error.message;
      const formErrors = Object.keys(fieldErrors).length ? [] : [reviewRefusal ? error.message : error.status === 409 ? t("errors.changed") : apiMessage(error, t)];
      return reply({ intent, result: submission.reply({ formErrors, fieldErrors }) }, error.status === 409 ? 409 : 422);
    }
    throw redirect(`${here}?notice=${intent === "cancel" ? "cancelled" : "reviewed"}`, { headers: await signedIn.headers() });
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function BookingPage() {
  const { booking, reasons, canCancel, refund, checkInTime, checkOutTime, notice, openCancel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("booking");
  const { t: tc } = useTranslation("common");
  const { locale, path } = useLocale();
  const tone = TONE_STYLE[STATUS_TONE[booking.status]];
  // Confirmed, paid or cancelled elsewhere: the page follows its booking live (issue 27).
  useRevalidateOn((event) => event.type === "notification" && event.data.bookingId === booking.id);

  return (
    <div className="max-w-3xl" data-testid="booking-page" data-status={booking.status} data-booking-id={booking.id}>
      <Link to={path("/profile/booking")} className="-ml-2 mb-2 inline-flex min-h-10 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
        <span aria-hidden="true">←</span> {t("detail.back")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("trip.number", { id: booking.id })}</h1>

      <div className="mt-4 space-y-5">
        {notice ? (
          <div data-testid="booking-notice">
            {/* Written second, the review opened both at once: say so instead of "the host will read it later". */}
            <Notice tone="success">{t(notice === "reviewed" && booking.reviews?.theirs ? "notice.reviewedOpen" : `notice.${notice}`)}</Notice>
          </div>
        ) : null}
        {actionData?.intent === "pay" && actionData.formError ? <FormAlert errors={[actionData.formError]} /> : null}

        <section aria-labelledby="status-title" className={`rounded-3xl border p-5 sm:p-6 ${tone.panel}`} data-testid="status-panel">
          <h2 id="status-title" className="sr-only">
            {t("detail.next")}
          </h2>
          <StatusBadge status={booking.status} size="md" />
          <p className="mt-3 text-stone-800" data-testid="status-text">
            {t(`status.${booking.status}.text`)}
          </p>
          {booking.deadline ? (
            <p className="mt-2 font-semibold text-stone-900">
              <Countdown at={booking.deadline.at}>{t(`deadline.${booking.deadline.status}`, { time: formatMoment(booking.deadline.at, locale) })}</Countdown>
            </p>
          ) : null}
          {booking.canPay ? <PayForm amount={formatPrice(booking.totalPrice, locale)} /> : null}
          {booking.cancelReason ? (
            <p className="mt-3 text-sm text-stone-700" data-testid="cancel-reason">
              {t("detail.cancelledReason", { reason: booking.cancelReason })}
              {booking.cancelComment ? ` — ${booking.cancelComment}` : ""}
            </p>
          ) : null}
          {booking.refundAmount !== null ? (
            <p className="mt-2 text-sm font-medium text-stone-900" data-testid="refund-done" data-amount={booking.refundAmount}>
              {booking.refundAmount > 0 ? t("refund.done", { amount: formatPrice(booking.refundAmount, locale) }) : t("refund.doneNone")}{" "}
              <Link to={path("/profile/transactions")} className="font-medium text-brand-700 underline">
                {t("detail.transactions")}
              </Link>
            </p>
          ) : null}
        </section>

        {booking.contact ? <StayContactCard contact={booking.contact} /> : null}

        {booking.reviews ? <StayReviews role="guest" reviews={booking.reviews} reviewResult={actionData?.intent === "review" ? actionData.result : undefined} /> : null}

        <Card title={t("detail.stay")}>
          <StaySummary
            title={booking.estate.title}
            city={booking.estate.city}
            photo={booking.estate.photo}
            href={path(`/estates/${booking.estate.slug}`)}
            checkInDate={booking.checkInDate}
            checkOutDate={booking.checkOutDate}
            nights={booking.nights}
            adultCount={booking.adultCount}
            childrenCount={booking.childrenCount}
            checkInTime={checkInTime}
            checkOutTime={checkOutTime}
          />
          <p className="mt-3 text-sm text-stone-700">{t("trip.host", { name: booking.host.name })}</p>
          {booking.status === "pending_confirmation" || booking.status === "pending_payment" ? (
            <p className="mt-1 text-sm text-stone-600" data-testid="contact-after-payment">
              {t("contact.afterPayment")}
            </p>
          ) : null}
          {booking.comment ? (
            <div className="mt-3 rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
              <p className="text-stone-500">{t("detail.yourComment")}</p>
              <p className="mt-1 whitespace-pre-line break-words text-stone-800">{booking.comment}</p>
            </div>
          ) : null}
          <Form method="post" action={path("/chat/start")} className="mt-3">
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" className="btn-secondary min-h-11 text-sm" data-testid="message-host">
              {tc("chat.writeHost")}
            </button>
          </Form>
        </Card>

        <Card title={t("price.title")}>
          <PriceBreakdown breakdown={booking.price} />
          <p className="mt-2 text-xs text-stone-500">{t("price.noFees")}</p>
        </Card>

        <Card title={t("events.title")}>
          <Timeline events={booking.events} />
        </Card>

        {canCancel ? (
          <CancelSection
            booking={booking}
            reasons={reasons}
            refundText={
              refund.kind === "unpaid"
                ? t("refund.unpaid")
                : t(`refund.${refund.kind}`, { amount: formatPrice(refund.amount, locale), total: formatPrice(refund.total, locale) })
            }
            open={openCancel}
            lastResult={actionData?.intent === "cancel" ? actionData.result : undefined}
          />
        ) : (
          <div className="flex flex-col items-center gap-3">
            {STATUS_TONE[booking.status] === "cancelled" ? (
              <Link to={path("/estates")} className="btn-primary w-full sm:w-auto" data-testid="book-again">
                {t("detail.bookAgain")}
              </Link>
            ) : null}
            <Link to={path(`/estates/${booking.estate.slug}`)} className="text-sm font-medium text-brand-700 underline">
              {t("detail.viewEstate")}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

function PayForm({ amount }: { amount: string }) {
  const { t } = useTranslation("booking");
  return (
    <Form method="post" className="mt-4" data-testid="pay-form">
      <input type="hidden" name="intent" value="pay" />
      <BusyButton className="btn-primary w-full py-3 text-base sm:w-auto" testId="pay-button">
        {t("detail.pay", { amount })}
      </BusyButton>
    </Form>
  );
}

function CancelSection({ booking, reasons, refundText, open, lastResult }: { booking: Booking; reasons: CancelReason[]; refundText: string; open: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("booking");
  const [form, fields] = useServerForm({ id: "cancel-booking", lastResult });
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details id="cancel" open={open || failed} className="group rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="cancel-section">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-red-700 [&::-webkit-details-marker]:hidden">
        {t("detail.cancelOpen")}
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3 space-y-4">
        <div className="rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="cancel-policy" data-policy={booking.estate.cancellationPolicy}>
          <p className="font-semibold text-stone-900">
            {t("policy.title")}: {t(`policy.${booking.estate.cancellationPolicy}.name`)}
          </p>
          <p className="mt-1 text-stone-700">{t(`policy.${booking.estate.cancellationPolicy}.text`)}</p>
          <p className="mt-2 font-medium text-stone-900" data-testid="refund-preview">
            {refundText}
          </p>
        </div>
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="cancel-form">
          <input type="hidden" name="intent" value="cancel" />
          <FormAlert errors={form.errors} id={form.errorId} />
          <ReasonFields reasonId={fields.reasonId} comment={fields.comment} reasons={reasons} labels={{ reason: t("detail.cancelReason"), placeholder: t("detail.cancelReasonPlaceholder"), comment: t("detail.cancelComment") }} />
          <BusyButton className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-red-600 px-5 py-3 font-medium text-white shadow-sm transition hover:bg-red-700 disabled:opacity-60" testId="cancel-submit">
            {t("detail.cancelSubmit")}
          </BusyButton>
        </Form>
      </div>
    </details>
  );
}
