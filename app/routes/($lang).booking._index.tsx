import { DateInput } from "~/components/forms/date-input";
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Booking } from "../../contract/booking";
import type { EstateDetail } from "../../contract/estate";
import { apiMessage, createBookingForm, startPayment } from "~/routes-server/($lang).booking.server";
import { DEFAULT_CHECK_IN_UNTIL, slotsInWindow } from "../../contract/stay-terms";
import { PriceBreakdown } from "~/components/booking/price-breakdown";
import { BusyButton } from "~/components/booking/submit";
import { PhotoThumb } from "~/components/booking/stay-summary";
import { clockTime, DEFAULT_CHECK_IN, DEFAULT_CHECK_OUT } from "~/components/booking/time";
import { parseStayQuery, type StayField } from "~/components/estate/stay-query.server";
import { MAX_ADULTS, MAX_CHILDREN, MAX_STAY_NIGHTS } from "~/components/estate/stay-limits";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { formatPrice } from "~/lib/format";
import { addDays, daysBetween, todayInBishkek } from "../../contract/dates";
import { parseForm, readForm } from "~/lib/forms.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { endpoints } from "../../contract/endpoints";

/** The API opens bookings at most this many days ahead. */
const MAX_DAYS_AHEAD = 500;
const STAY_FIELDS: StayField[] = ["checkInDate", "checkOutDate", "adultCount", "childrenCount"];
type T = Awaited<ReturnType<typeof getT>>;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/**
 * `/booking?estateId&checkInDate&checkOutDate&adultCount&childrenCount` (auth): the stay as the
 * estate page's "Book" link describes it, re-quoted by the API on every visit, so the price shown
 * is the price the API will charge.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const { locale } = signedIn;
  const url = new URL(request.url);
  const estateId = url.searchParams.get("estateId") ?? "";
  if (!/^\d{1,9}$/.test(estateId)) throw redirect(localizePath("/estates", locale), { headers: await signedIn.headers() });

  const today = todayInBishkek();
  const query = parseStayQuery(url.searchParams, today);
  const t = await getT(locale, "booking");
  const fieldErrors: Partial<Record<StayField, string>> = {};
  for (const [field, code] of Object.entries(query.errors)) fieldErrors[field as StayField] = t(`errors.${code}`);
  let stayRequest = query.stay;
  if (stayRequest && daysBetween(today, stayRequest.checkInDate) > MAX_DAYS_AHEAD) {
    fieldErrors.checkInDate = t("errors.tooFar");
    stayRequest = null;
  }

  let estate: EstateDetail;
  try {
    ({ estate } = await signedIn.api.call(endpoints.estate, { params: { id: estateId }, query: stayRequest ?? undefined }));
  } catch (error) {
    throw routeErrorFrom(error);
  }

  const stay = estate.stay;
  // Why this stay cannot be booked, next to the field it concerns where there is one.
  let blocker: string | null = null;
  if (estate.children.length > 0) blocker = t("errors.complex");
  else if (estate.host.id === signedIn.user.id) blocker = t("errors.ownListing");
  if (stay && !stay.available) {
    if (stay.reason === "capacity") fieldErrors.adultCount = t("errors.capacity", { count: estate.capacity });
    else if (stay.reason === "min_nights") fieldErrors.checkOutDate = t("errors.minNights", { count: estate.minNights });
    else if (stay.reason === "max_nights") fieldErrors.checkOutDate = t("errors.maxNights", { count: estate.maxNights });
  }

  return data(
    {
      estate: {
        id: estate.id,
        slug: estate.slug,
        title: estate.title,
        city: estate.city,
        photo: estate.photos[0] ?? null,
        isInstant: estate.isInstantConfirmation,
        capacity: estate.capacity,
        checkInTime: clockTime(estate.checkInTime, DEFAULT_CHECK_IN),
        // The arrival slots inside the host's check-in window (SPEC section 3).
        arrivalSlots: slotsInWindow(estate.checkInTime, estate.checkInUntil ?? DEFAULT_CHECK_IN_UNTIL),
        checkOutTime: clockTime(estate.checkOutTime, DEFAULT_CHECK_OUT),
        cancellationPolicy: estate.cancellationPolicy,
        houseRules: estate.houseRules.trim(),
        hostName: estate.host.name,
      },
      values: query.values,
      party: { adultCount: query.adultCount, childrenCount: query.childrenCount },
      fieldErrors,
      blocker,
      stay: stay && stayRequest ? stay : null,
      today,
      maxDate: addDays(today, MAX_DAYS_AHEAD),
      title: `${t(estate.isInstantConfirmation ? "checkout.titleInstant" : "checkout.titleRequest")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

/**
 * The guest's own words for an API refusal where the page knows more (the estate's limits, the
 * plural forms of its own texts); any other refusal keeps the API's message, which is already in
 * the page's language.
 */
function explain(field: string, value: { checkInDate: string; checkOutDate: string; adultCount: number; childrenCount: number }, estate: EstateDetail | null, t: T, userId: number): string | null {
  const today = todayInBishkek();
  switch (field) {
    case "adultCount":
    case "childrenCount":
      if (estate && value.adultCount + value.childrenCount > estate.capacity) return t("errors.capacity", { count: estate.capacity });
      return t(field === "adultCount" ? "errors.adultsRange" : "errors.childrenRange");
    case "checkInDate":
      if (value.checkInDate < today) return t("errors.pastDate");
      if (daysBetween(today, value.checkInDate) > MAX_DAYS_AHEAD) return t("errors.tooFar");
      return null;
    case "checkOutDate": {
      const nights = daysBetween(value.checkInDate, value.checkOutDate);
      if (nights <= 0) return t("errors.checkOutBeforeCheckIn");
      if (estate && nights < estate.minNights) return t("errors.minNights", { count: estate.minNights });
      if (estate && nights > estate.maxNights) return t("errors.maxNights", { count: estate.maxNights });
      if (nights > MAX_STAY_NIGHTS) return t("errors.tooLong");
      return null;
    }
    case "estateId":
      if (estate?.children.length) return t("errors.complex");
      if (estate?.host.id === userId) return t("errors.ownListing");
      return null;
    default:
      return null;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const { locale } = signedIn;
  const t = await getT(locale, ["booking", "common"]);
  const submission = parseForm(await readForm(request), createBookingForm(t));
  if (submission.status !== "success") return data(submission.reply(), { status: 422, headers: await signedIn.headers() });
  const value = submission.value;

  let booking: Booking;
  try {
    ({ booking } = await signedIn.api.call(endpoints.bookingCreate, { body: value }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return data(submission.reply({ formErrors: [error.message] }), { status: 409, headers: await signedIn.headers() });
    const formErrors: string[] = [];
    const fieldErrors: Record<string, string[]> = {};
    if (error.status === 422 && Object.keys(error.errors).length) {
      const estate = await signedIn.api
        .call(endpoints.estate, { params: { id: value.estateId } })
        .then((r) => r.estate)
        .catch(() => null);
      for (const [field, messages] of Object.entries(error.errors)) {
        const message = explain(field, value, estate, t, signedIn.user.id) ?? messages.join(" ");
        if ((STAY_FIELDS as string[]).includes(field)) fieldErrors[field] = [message];
        else formErrors.push(message);
      }
    } else {
      formErrors.push(apiMessage(error, t));
    }
    return data(submission.reply({ formErrors, fieldErrors }), { status: error.status === 404 ? 404 : 422, headers: await signedIn.headers() });
  }

  // Instant estates: straight on to paying. Requests: the booking's page says what happens next.
  if (booking.status === "pending_payment") {
    const payment = await startPayment(signedIn, booking.id, t);
    if (payment instanceof Response) return payment;
    throw redirect(`${localizePath("/booking/confirm", locale)}?bookingId=${booking.id}`, { headers: await signedIn.headers() });
  }
  throw redirect(`${localizePath(`/profile/booking/${booking.id}`, locale)}?notice=requested`, { headers: await signedIn.headers() });
}

export default function Checkout() {
  const { estate, values, party, fieldErrors, blocker, stay, today, maxDate } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  const [form, fields] = useServerForm({ id: "book", lastResult });

  // The action's word on a field wins over the quote's: it is the newer of the two.
  const errorOf = (field: StayField): string | undefined => fields[field].errors?.[0] ?? fieldErrors[field];
  const estateHref = `${path(`/estates/${estate.slug}`)}${stay ? `?${new URLSearchParams({ checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: String(party.adultCount), childrenCount: String(party.childrenCount) })}` : ""}`;
  const canBook = Boolean(stay?.available) && !blocker;

  const inputProps = (field: StayField) => {
    const error = errorOf(field);
    return {
      id: `stay-${field}`,
      name: field,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `stay-${field}-error` : undefined,
    };
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-5 sm:py-8" data-testid="checkout-page" data-instant={estate.isInstant}>
      <Link to={estateHref} className="-ml-2 mb-2 inline-flex min-h-10 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
        <span aria-hidden="true">←</span> {t("checkout.back")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{estate.isInstant ? t("checkout.titleInstant") : t("checkout.titleRequest")}</h1>

      <div className="mt-4 space-y-3">
        <FormAlert errors={form.errors} id={form.errorId} />
        {blocker ? (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="checkout-blocked">
            {blocker}
          </div>
        ) : null}
      </div>

      <div className="mt-5 gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="space-y-5">
          <section aria-labelledby="trip-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
            <h2 id="trip-title" className="sr-only">
              {t("checkout.yourTrip")}
            </h2>
            <div className="flex gap-4">
              <PhotoThumb photo={estate.photo} />
              <div className="min-w-0">
                <Link to={estateHref} className="line-clamp-2 break-words font-semibold text-stone-900 hover:underline" data-testid="checkout-title">
                  {estate.title}
                </Link>
                <p className="mt-0.5 text-sm text-stone-600">{estate.city}</p>
                <p className="mt-1 text-xs text-stone-500">{t("trip.host", { name: estate.hostName })}</p>
              </div>
            </div>

            {/* Dates and guests: a GET form to this page, so changing them re-quotes with or without JavaScript. */}
            <Form method="get" key={JSON.stringify(values)} className="mt-5" noValidate data-testid="stay-form">
              <input type="hidden" name="estateId" value={estate.id} />
              <fieldset>
                <legend className="mb-2 text-sm font-semibold text-stone-900">{t("checkout.dates")}</legend>
                <div className="grid grid-cols-2 gap-3">
                  <div>
                    <label htmlFor="stay-checkInDate" className="field-label">
                      {t("trip.checkIn")}
                    </label>
                    <DateInput min={today} max={maxDate} defaultValue={values.checkInDate} className="field-input min-w-0 px-2" {...inputProps("checkInDate")} />
                    <FieldErrors id="stay-checkInDate-error" errors={errorOf("checkInDate") ? [errorOf("checkInDate") as string] : undefined} />
                  </div>
                  <div>
                    <label htmlFor="stay-checkOutDate" className="field-label">
                      {t("trip.checkOut")}
                    </label>
                    <DateInput min={today} max={maxDate} defaultValue={values.checkOutDate} className="field-input min-w-0 px-2" {...inputProps("checkOutDate")} />
                    <FieldErrors id="stay-checkOutDate-error" errors={errorOf("checkOutDate") ? [errorOf("checkOutDate") as string] : undefined} />
                  </div>
                </div>
              </fieldset>
              <fieldset className="mt-4">
                <legend className="mb-2 text-sm font-semibold text-stone-900">{t("trip.guests")}</legend>
                <div className="grid grid-cols-2 gap-3">
                  <div>
                    <label htmlFor="stay-adultCount" className="field-label">
                      {t("trip.adultsLabel")}
                    </label>
                    <input type="number" inputMode="numeric" min={1} max={MAX_ADULTS} defaultValue={values.adultCount || String(party.adultCount)} className="field-input" {...inputProps("adultCount")} />
                  </div>
                  <div>
                    <label htmlFor="stay-childrenCount" className="field-label">
                      {t("trip.childrenLabel")}
                    </label>
                    <input type="number" inputMode="numeric" min={0} max={MAX_CHILDREN} defaultValue={values.childrenCount || String(party.childrenCount)} className="field-input" {...inputProps("childrenCount")} />
                  </div>
                </div>
                {/* One message for the party: capacity counts adults and children together. */}
                <FieldErrors id="stay-adultCount-error" errors={errorOf("adultCount") ? [errorOf("adultCount") as string] : undefined} />
                <FieldErrors id="stay-childrenCount-error" errors={errorOf("childrenCount") ? [errorOf("childrenCount") as string] : undefined} />
                <p className="mt-1 text-xs text-stone-500">{t("checkout.capacity", { count: estate.capacity })}</p>
              </fieldset>
              <button type="submit" className="btn-secondary mt-4 w-full" data-testid="requote">
                {t("checkout.update")}
              </button>
            </Form>
          </section>

          <section aria-labelledby="rules-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="checkout-rules">
            <h2 id="rules-title" className="text-lg font-semibold text-stone-900">
              {t("checkout.rules")}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
              <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
                <dt className="text-stone-500">{t("trip.checkIn")}</dt>
                <dd className="mt-0.5 font-semibold text-stone-900">{t("trip.after", { time: estate.checkInTime })}</dd>
              </div>
              <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
                <dt className="text-stone-500">{t("trip.checkOut")}</dt>
                <dd className="mt-0.5 font-semibold text-stone-900">{t("trip.before", { time: estate.checkOutTime })}</dd>
              </div>
            </dl>
            <div className="mt-4" data-testid="checkout-policy" data-policy={estate.cancellationPolicy}>
              <h3 className="font-semibold text-stone-900">
                {t("policy.title")}: {t(`policy.${estate.cancellationPolicy}.name`)}
              </h3>
              <p className="mt-1 text-sm text-stone-700">{t(`policy.${estate.cancellationPolicy}.text`)}</p>
            </div>
            {estate.houseRules ? (
              <div className="mt-4">
                <h3 className="font-semibold text-stone-900">{t("checkout.houseRules")}</h3>
                <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-stone-700">{estate.houseRules}</p>
              </div>
            ) : null}
          </section>
        </div>

        <section aria-labelledby="price-title" className="mt-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6 lg:sticky lg:top-24 lg:mt-0">
          <h2 id="price-title" className="text-lg font-semibold text-stone-900">
            {t("price.title")}
          </h2>
          <div aria-live="polite">
            {!stay ? (
              <p className="mt-3 text-sm text-stone-600" data-testid="choose-dates">
                {t("checkout.chooseDates")}
              </p>
            ) : !stay.available ? (
              <div role="alert" className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="stay-unavailable" data-reason={stay.reason ?? "booked"}>
                {stay.reason === "booked" || stay.reason === "blocked" || !stay.reason ? (
                  <>
                    <p className="font-semibold">{t("checkout.unavailable")}</p>
                    <p className="mt-1">{t(`checkout.reasons.${stay.reason ?? "booked"}`)}</p>
                    <p className="mt-2">
                      <Link to={`${estateHref}#calendar`} className="font-medium text-brand-700 underline">
                        {t("checkout.reasons.seeCalendar")}
                      </Link>
                    </p>
                  </>
                ) : (
                  <p>{stay.reason === "capacity" ? fieldErrors.adultCount : fieldErrors.checkOutDate}</p>
                )}
              </div>
            ) : (
              <PriceBreakdown breakdown={stay.breakdown} className="mt-3" />
            )}
          </div>

          {stay && !blocker ? (
            <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4" data-testid="book-form">
              <input type="hidden" name="estateId" value={estate.id} />
              <input type="hidden" name="checkInDate" value={stay.checkInDate} />
              <input type="hidden" name="checkOutDate" value={stay.checkOutDate} />
              <input type="hidden" name="adultCount" value={party.adultCount} />
              <input type="hidden" name="childrenCount" value={party.childrenCount} />
              {estate.arrivalSlots.length ? (
                <div>
                  <label htmlFor="book-arrival" className="field-label">
                    {t("hosting:detail.arrival")}
                  </label>
                  <select id="book-arrival" name="arrivalSlot" defaultValue="" className="field-input" data-testid="book-arrival">
                    <option value="">{t("hosting:detail.arrivalUnknown")}</option>
                    {estate.arrivalSlots.map((slot) => (
                      <option key={slot} value={slot}>
                        {t(`hosting:slots.${slot}`)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <div>
                <label htmlFor={fields.comment.id} className="field-label">
                  {t("checkout.comment")}
                </label>
                <textarea {...getTextareaProps(fields.comment)} key={fields.comment.key} rows={3} maxLength={1000} className="field-input" data-testid="book-comment" />
                <p className="mt-1 text-xs text-stone-500">{t("checkout.commentHint")}</p>
                <FieldErrors id={fields.comment.errorId} errors={fields.comment.errors} />
              </div>
              <p className="flex gap-2 rounded-2xl bg-stone-50 p-3 text-sm text-stone-700 ring-1 ring-stone-200" data-testid="booking-mode">
                <span aria-hidden="true">{estate.isInstant ? "⚡" : "🕑"}</span>
                <span>
                  <strong className="block font-semibold text-stone-900">{estate.isInstant ? t("checkout.instantTitle") : t("checkout.requestTitle")}</strong>
                  {estate.isInstant ? t("checkout.instantText") : t("checkout.requestText")}
                </span>
              </p>
              {canBook ? (
                <BusyButton className="btn-primary w-full py-3 text-base" testId="book-submit">
                  {estate.isInstant ? `${t("checkout.submitInstant")} · ${formatPrice(stay.total, locale)}` : t("checkout.submitRequest")}
                </BusyButton>
              ) : (
                <button type="button" disabled className="btn-primary w-full py-3 text-base" data-testid="book-disabled">
                  {estate.isInstant ? t("checkout.submitInstant") : t("checkout.submitRequest")}
                </button>
              )}
              <p className="text-center text-xs text-stone-500">{t("checkout.agree")}</p>
            </Form>
          ) : null}
        </section>
      </div>
    </div>
  );
}

