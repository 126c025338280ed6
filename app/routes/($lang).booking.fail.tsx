import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { bookingIdOf, checkedGuestBooking, payAction } from "~/routes-server/($lang).booking.server";
import { Countdown } from "~/components/booking/countdown";
import { BookingSnapshot, OutcomeIcon, PaymentShell, PayButton } from "~/components/booking/outcome";
import { FormAlert } from "~/components/forms/fields";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { requireUser } from "~/lib/auth.server";
import { formatMoment, formatPrice } from "~/lib/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/**
 * `/booking/fail?bookingId=` (auth): the gateway returned without money. The booking still waits
 * for payment until its deadline: try again, or cancel it. Once it can no longer be paid the
 * page says why instead.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  // A result that came late, or only to a get_status question, may have paid it after all.
  const { booking } = await checkedGuestBooking(signedIn, bookingIdOf(new URL(request.url).searchParams.get("bookingId")));
  const t = await getT(signedIn.locale, "booking");
  return data({ booking, title: `${t("meta.fail")} — Konok` }, { headers: await signedIn.headers() });
}

export const action = payAction;

export default function PaymentFailed() {
  const { booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  const bookingHref = path(`/profile/booking/${booking.id}`);
  const paid = booking.events.some((e) => e.status === "paid_waiting_checkin");

  return (
    <PaymentShell testId="fail-page" status={booking.status}>
      <OutcomeIcon kind={paid ? "ok" : "fail"} />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">{booking.canPay ? t("fail.title") : paid ? t("fail.paidTitle") : t("fail.expiredTitle")}</h1>
      <p className="mt-2 text-stone-700" data-testid="status-text">
        {booking.canPay ? t("fail.text") : t(`status.${booking.status}.text`)}
      </p>
      {booking.canPay && booking.deadline ? (
        <p className="mt-3 rounded-2xl bg-brand-50 px-4 py-3 font-medium text-brand-900 ring-1 ring-brand-200">
          <Countdown at={booking.deadline.at}>{t("fail.held", { time: formatMoment(booking.deadline.at, locale) })}</Countdown>
        </p>
      ) : null}
      <div className="mt-5 space-y-5">
        <FormAlert errors={actionData?.formError ? [actionData.formError] : undefined} />
        {booking.canPay ? (
          <div className="space-y-3">
            <PayButton bookingId={booking.id}>
              {t("fail.retry")} · {formatPrice(booking.totalPrice, locale)}
            </PayButton>
            {booking.actions.includes("cancelled_by_guest") ? (
              <Link to={`${bookingHref}?cancel=1#cancel`} className="btn-secondary w-full" data-testid="cancel-link">
                {t("fail.cancel")}
              </Link>
            ) : null}
          </div>
        ) : (
          <Link to={bookingHref} className="btn-primary w-full" data-testid="open-booking">
            {t("fail.openBooking")}
          </Link>
        )}
        <BookingSnapshot booking={booking} />
      </div>
    </PaymentShell>
  );
}
