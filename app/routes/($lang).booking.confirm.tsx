import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { bookingIdOf, loadGuestBooking, payAction } from "~/routes-server/($lang).booking.server";
import { Countdown } from "~/components/booking/countdown";
import { BookingSnapshot, OutcomeIcon, PaymentShell, PayButton } from "~/components/booking/outcome";
import { PriceBreakdown } from "~/components/booking/price-breakdown";
import { FormAlert } from "~/components/forms/fields";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { requireUser } from "~/lib/auth.server";
import { formatMoment, formatPrice } from "~/lib/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/** `/booking/confirm?bookingId=` (auth): a booking awaiting payment, its deadline and "Pay". */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const booking = await loadGuestBooking(signedIn, bookingIdOf(new URL(request.url).searchParams.get("bookingId")));
  const t = await getT(signedIn.locale, "booking");
  return data({ booking, title: `${t("meta.confirm")} — Konok` }, { headers: await signedIn.headers() });
}

export const action = payAction;

export default function ConfirmPayment() {
  const { booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  const amount = formatPrice(booking.totalPrice, locale);

  if (!booking.canPay) {
    return (
      <PaymentShell testId="confirm-page" status={booking.status}>
        <OutcomeIcon kind="wait" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">{t("confirm.notPayableTitle")}</h1>
        <p className="mt-2 text-stone-700" data-testid="status-text">
          {t(`status.${booking.status}.text`)}
        </p>
        <div className="mt-5">
          <BookingSnapshot booking={booking} />
        </div>
        <Link to={path(`/profile/booking/${booking.id}`)} className="btn-primary mt-5 w-full">
          {t("confirm.openBooking")}
        </Link>
      </PaymentShell>
    );
  }

  return (
    <PaymentShell testId="confirm-page" status={booking.status}>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("confirm.title")}</h1>
      {booking.deadline ? (
        <p className="mt-2 rounded-2xl bg-brand-50 px-4 py-3 font-medium text-brand-900 ring-1 ring-brand-200">
          <Countdown at={booking.deadline.at}>{t("confirm.held", { time: formatMoment(booking.deadline.at, locale) })}</Countdown>
        </p>
      ) : null}
      <div className="mt-5 space-y-5">
        <FormAlert errors={actionData?.formError ? [actionData.formError] : undefined} />
        <BookingSnapshot booking={booking} />
        <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200" aria-labelledby="price-title">
          <h2 id="price-title" className="mb-3 text-lg font-semibold text-stone-900">
            {t("price.title")}
          </h2>
          <PriceBreakdown breakdown={booking.price} />
        </section>
        <div className="space-y-2">
          <PayButton bookingId={booking.id}>{t("confirm.pay", { amount })}</PayButton>
          <p className="text-center text-xs text-stone-500">{t("confirm.gateway")}</p>
        </div>
      </div>
    </PaymentShell>
  );
}
