import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { bookingIdOf, checkedGuestBooking } from "~/routes-server/($lang).booking.server";
import { BookingSnapshot, OutcomeIcon, PaymentShell } from "~/components/booking/outcome";
import { clockTime, DEFAULT_CHECK_IN, DEFAULT_CHECK_OUT } from "~/components/booking/time";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/format";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/**
 * While the gateway is still confirming, the page asks again by itself every few seconds (with
 * JavaScript: its data is revalidated, and the status is read out as it changes), and offers a
 * "Check again" link that works without. Not a meta refresh: a page that reloads itself is a
 * time limit a screen reader's user does not control (WCAG 2.2.1).
 */
const CONFIRMING_POLL_MS = 4000;

function useConfirmingPoll(confirming: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, CONFIRMING_POLL_MS);
    return () => clearInterval(timer);
  }, [confirming, revalidator]);
}

/**
 * `/booking/success?bookingId=` (auth): where the gateway returns a payer whose payment went
 * through. The browser's return is no proof of payment: the page trusts the booking, not the URL,
 * and shows "paid" only when the API says so. When the gateway's result has not come yet, the API
 * asks the gateway (get_status) and the page says the payment is being confirmed until it knows.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const { booking, confirming } = await checkedGuestBooking(signedIn, bookingIdOf(new URL(request.url).searchParams.get("bookingId")));
  const estate = await signedIn.api
    .call(endpoints.estate, { params: { id: booking.estate.id } })
    .then((r) => r.estate)
    .catch(() => null);
  const t = await getT(signedIn.locale, "booking");
  return data(
    {
      booking,
      checkInTime: clockTime(estate?.checkInTime, DEFAULT_CHECK_IN),
      checkOutTime: clockTime(estate?.checkOutTime, DEFAULT_CHECK_OUT),
      paid: booking.events.some((e) => e.status === "paid_waiting_checkin"),
      confirming,
      title: `${t("meta.success")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

export default function PaymentSuccess() {
  const { booking, checkInTime, checkOutTime, paid, confirming } = useLoaderData<typeof loader>();
  useConfirmingPoll(confirming);
  const { search } = useLocation();
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  const day = (d: string) => formatDate(d, locale, { weekday: "long", day: "numeric", month: "long" });
  const pending = booking.status === "pending_payment";
  return (
    <PaymentShell testId="success-page" status={booking.status}>
      <OutcomeIcon kind={paid ? "ok" : "wait"} />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">{paid ? t("success.title") : pending ? t("success.processingTitle") : t(`status.${booking.status}.name`)}</h1>
      <p className="mt-2 text-stone-700" data-testid="status-text" aria-live="polite">
        {paid && booking.status === "paid_waiting_checkin"
          ? t("success.text", { id: booking.id })
          : confirming
            ? t("success.confirmingText")
            : pending
              ? t("success.processingText")
              : t(`status.${booking.status}.text`)}
      </p>
      {confirming ? (
        <Link to={`${path("/booking/success")}${search}`} reloadDocument className="btn-secondary mt-4 w-full" data-testid="check-again">
          {t("success.checkAgain")}
        </Link>
      ) : null}
      <div className="mt-5 space-y-5">
        <BookingSnapshot booking={booking} checkInTime={checkInTime} checkOutTime={checkOutTime} />
        {booking.status === "paid_waiting_checkin" ? (
          <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200" aria-labelledby="next-title" data-testid="next-steps">
            <h2 id="next-title" className="text-lg font-semibold text-stone-900">
              {t("success.next")}
            </h2>
            <ol className="mt-3 space-y-3 text-sm text-stone-700">
              {[
                t("success.step1"),
                t("success.step2", { date: day(booking.checkInDate), time: checkInTime, outDate: day(booking.checkOutDate), outTime: checkOutTime }),
                t("success.step3"),
              ].map((step, i) => (
                <li key={step} className="flex gap-3">
                  <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-xs font-bold text-emerald-800">
                    {i + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={path(`/profile/booking/${booking.id}`)} className="btn-primary flex-1" data-testid="open-booking">
            {t("success.openBooking")}
          </Link>
          <Link to={path("/profile/booking")} className="btn-secondary flex-1">
            {t("success.allBookings")}
          </Link>
        </div>
      </div>
    </PaymentShell>
  );
}
