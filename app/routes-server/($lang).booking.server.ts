/**
 * Server side of the booking pages: loading one of the guest's bookings, starting a payment, and
 * the forms' schemas with messages in the page's language. Route modules import this from their
 * loaders and actions only, so none of it (nor zod) reaches the browser.
 */
import { data, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { Booking } from "../../contract/booking";
import { TIME_SLOTS } from "../../contract/stay-terms";
import { REPLY_MAX } from "../../contract/reviews";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { getT } from "~/i18n/i18n.server";
import { requireUser, type SignedIn } from "~/lib/auth.server";
import { readForm } from "~/lib/forms.server";
import { endpoints } from "../../contract/endpoints";

export const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/** A booking id from the URL: a positive whole number, anything else is a page that does not exist. */
export function bookingIdOf(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound();
  return Number(raw);
}

/**
 * One of the signed-in guest's bookings. Someone else's booking is a 404, exactly like one that
 * does not exist (the API answers so); so is a booking the caller hosts: hosts have their own pages.
 */
export async function loadGuestBooking(signedIn: SignedIn, id: number): Promise<Booking> {
  let booking: Booking;
  try {
    ({ booking } = await signedIn.api.call(endpoints.booking, { params: { id } }));
  } catch (error) {
    throw routeErrorFrom(error);
  }
  if (booking.role !== "guest") throw notFound();
  return booking;
}

/**
 * The guest's booking as the payment's return pages show it: while it still waits for payment,
 * the API first asks the gateway about payments whose result has not arrived
 * (POST /api/v1/booking/{id}/pay/check); `confirming` while the gateway has no final answer.
 */
export async function checkedGuestBooking(signedIn: SignedIn, id: number): Promise<{ booking: Booking; confirming: boolean }> {
  const booking = await loadGuestBooking(signedIn, id);
  if (booking.status !== "pending_payment") return { booking, confirming: false };
  try {
    return await signedIn.api.call(endpoints.bookingPayCheck, { params: { id } });
  } catch (error) {
    // The check failing is no reason to hide the booking: it is shown as it is, still being confirmed.
    if (error instanceof ApiError && error.status >= 500) return { booking, confirming: true };
    throw routeErrorFrom(error);
  }
}

/**
 * Starts a payment and sends the browser to the gateway's page. That page is not part of this
 * app, so it is a document redirect: with JavaScript on, Remix leaves the app instead of trying to
 * render the gateway's URL as one of its routes. A booking that cannot be paid (any more) gives
 * a message for the page instead.
 */
export async function startPayment(signedIn: SignedIn, id: number, t: TFunction): Promise<Response | { formError: string }> {
  try {
    const { paymentUrl } = await signedIn.api.call(endpoints.bookingPay, { params: { id } });
    return redirectDocument(paymentUrl, { headers: await signedIn.headers() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw notFound();
    if (error.status === 409 || error.status === 422) return { formError: t("booking:errors.notPayable") };
    // The gateway failed to start the payment: the API says so in the payer's language, and the booking stays payable.
    if (error.status === 502 && error.message) return { formError: error.message };
    return { formError: t("common:form.unavailable") };
  }
}

/**
 * The action of the pages with a single "Pay" button (/booking/confirm, /booking/fail): the
 * booking id comes from the form, else from the page's `?bookingId=`.
 */
export async function payAction({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const form = await readForm(request);
  const raw = form.get("bookingId") ?? new URL(request.url).searchParams.get("bookingId");
  const id = bookingIdOf(typeof raw === "string" ? raw : null);
  const t = await getT(signedIn.locale, ["booking", "common"]);
  const payment = await startPayment(signedIn, id, t);
  if (payment instanceof Response) return payment;
  return data({ formError: payment.formError }, { status: 409, headers: await signedIn.headers() });
}

// ── Forms ───────────────────────────────────────────────────────────────────────────────────

const isoDate = (t: TFunction) => z.string({ required_error: t("booking:errors.missingCheckIn") }).regex(/^\d{4}-\d{2}-\d{2}$/, t("booking:errors.invalidDate"));

export const createBookingForm = (t: TFunction) =>
  z.object({
    estateId: z.coerce.number().int().positive(),
    checkInDate: isoDate(t),
    checkOutDate: isoDate(t),
    adultCount: z.coerce.number({ invalid_type_error: t("booking:errors.adultsRange") }).int().min(1, t("booking:errors.adultsRange")).max(30, t("booking:errors.adultsRange")),
    childrenCount: z.coerce
      .number({ invalid_type_error: t("booking:errors.childrenRange") })
      .int()
      .min(0, t("booking:errors.childrenRange"))
      .max(20, t("booking:errors.childrenRange"))
      .default(0),
    comment: z.string().trim().max(1000, t("booking:errors.commentLong")).optional(),
    arrivalSlot: z.enum(TIME_SLOTS).optional(),
  });

export const cancelForm = (t: TFunction) =>
  z.object({
    intent: z.literal("cancel"),
    reasonId: z.coerce.number({ required_error: t("booking:errors.reasonRequired"), invalid_type_error: t("booking:errors.reasonRequired") }).int().positive(t("booking:errors.reasonRequired")),
    comment: z.string().trim().max(1000, t("booking:errors.commentLong")).optional(),
  });

export const reviewForm = (t: TFunction) =>
  z.object({
    intent: z.literal("review"),
    rating: z.coerce
      .number({ required_error: t("booking:errors.ratingRequired"), invalid_type_error: t("booking:errors.ratingRequired") })
      .int()
      .min(1, t("booking:errors.ratingRequired"))
      .max(5, t("booking:errors.ratingRequired")),
    text: z.string({ required_error: t("booking:errors.textShort") }).trim().min(10, t("booking:errors.textShort")).max(2000, t("booking:errors.textLong")),
  });

/** The host's one reply to the guest's review (contract/reviews.ts `replySchema`), in the page's words. */
export const replyForm = (t: TFunction) =>
  z.object({
    intent: z.literal("reply"),
    text: z.string({ required_error: t("booking:errors.replyShort") }).trim().min(2, t("booking:errors.replyShort")).max(REPLY_MAX, t("booking:errors.replyLong")),
  });

/** The API's 5xx and timeouts in the page's words; its other messages as it wrote them. */
export function apiMessage(error: ApiError, t: TFunction): string {
  return error.status >= 500 || error.status === 408 ? t("common:form.unavailable") : error.message;
}
