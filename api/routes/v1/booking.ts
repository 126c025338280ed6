/**
 * The guest's bookings: POST/GET /api/v1/booking, GET /api/v1/booking/{id}, /{id}/cancel,
 * /{id}/pay, /{id}/review, and GET /api/v1/booking/cancel_reason. A booking is visible to its
 * guest and its host only; anyone else gets 404, as if it did not exist.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  BOOKING_GROUP_IDS,
  BOOKING_GROUPS,
  bookingListQuerySchema,
  cancelBookingSchema,
  createBookingSchema,
  reviewSchema,
  type BookingCounts,
} from "../../../contract/booking";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import { presentationFor, type AccountDeps } from "../../lib/context";
import { HttpError, notFound } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { parseInput } from "../../lib/validation";
import { bodyOf, queryOf } from "../../lib/request";
import { writeStayReview } from "../../services/reviews";
import { bookingById, cancelBooking, createBooking, findBookingFor, guestTripsPage, presentBooking, presentBookings } from "../../services/booking/bookings";
import { cancelReasonList } from "../../services/booking/cancel-reasons";
import { checkPendingPayments, startPayment } from "../../services/payments/payments";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/booking");

export const idParam = (raw: string) => parseInput(z.coerce.number().int().positive().max(2_147_483_647), raw, "id");
/** `?type=`: the reasons of one kind of cancellation, or all of them; never refused. */
export const cancelReasonQuery = z.object({ type: z.string().optional() });

export function bookingRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth))
    .get(at(endpoints.bookingCancelReasons), async (c) => ok(c, endpoints.bookingCancelReasons, await cancelReasonList(db, "guest", queryOf(c, endpoints.bookingCancelReasons, cancelReasonQuery).type, c.get("locale"))))
    .post(at(endpoints.bookingCreate), async (c) => {
      const input = await bodyOf(c, endpoints.bookingCreate, createBookingSchema);
      const booking = await createBooking(deps, c.get("user").id, input);
      return ok(c, endpoints.bookingCreate, { booking: await presentBooking(db, booking, c.get("user").id, presentationFor(c, deps)) }, 201);
    })
    .get(at(endpoints.bookings), async (c) => {
      const { group, page, perPage } = queryOf(c, endpoints.bookings, bookingListQuerySchema);
      const me = c.get("user").id;
      // The tabs' counts in the same answer: a trips page is one call, not one per tab.
      const { rows, perStatus } = await guestTripsPage(db, me, group, { limit: perPage, offset: (page - 1) * perPage });
      const counts = Object.fromEntries(
        BOOKING_GROUP_IDS.map((id) => [id, perStatus.filter((r) => (BOOKING_GROUPS[id] as readonly string[]).includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0)]),
      ) as BookingCounts;
      // The list's total is its tab's count (or all of them): a count(*) of its own was one more query.
      const total = group ? counts[group] : perStatus.reduce((sum, r) => sum + Number(r.n), 0);
      const items = await presentBookings(db, rows, me, presentationFor(c, deps));
      return ok(c, endpoints.bookings, { items, page, perPage, total, hasMore: page * perPage < total, counts });
    })
    .get(at(endpoints.booking), async (c) => {
      const booking = await findBookingFor(db, idParam(c.req.param("id")), c.get("user").id);
      return ok(c, endpoints.booking, { booking: await presentBooking(db, booking, c.get("user").id, presentationFor(c, deps)) });
    })
    .post(at(endpoints.bookingCancel), async (c) => {
      const me = c.get("user").id;
      const booking = await findBookingFor(db, idParam(c.req.param("id")), me);
      if (booking.guestId !== me) throw notFound("bookingNotFound");
      const input = await bodyOf(c, endpoints.bookingCancel, cancelBookingSchema);
      const updated = await cancelBooking(deps, booking, "guest", input.reasonId, input.comment);
      return ok(c, endpoints.bookingCancel, { booking: await presentBooking(db, updated, me, presentationFor(c, deps)) });
    })
    .post(at(endpoints.bookingPay), async (c) => {
      const me = c.get("user").id;
      const booking = await findBookingFor(db, idParam(c.req.param("id")), me);
      if (booking.guestId !== me) throw notFound("bookingNotFound");
      if (booking.deadlineAt && booking.deadlineAt.getTime() <= Date.now()) throw new HttpError(409, "paymentTimeOver");
      return ok(c, endpoints.bookingPay, { paymentUrl: await startPayment(deps, booking, c.get("locale")) });
    })
    /**
     * The payer is back from the gateway (its success or failure page): the browser's return is no
     * proof of payment, so when the gateway's result has not come yet we ask the gateway itself.
     */
    .post(at(endpoints.bookingPayCheck), async (c) => {
      const me = c.get("user").id;
      const booking = await findBookingFor(db, idParam(c.req.param("id")), me);
      if (booking.guestId !== me) throw notFound("bookingNotFound");
      const payment = booking.status === "pending_payment" ? await checkPendingPayments(deps, booking) : "none";
      const current = await bookingById(db, booking.id);
      return ok(c, endpoints.bookingPayCheck, { confirming: payment === "confirming" && current.status === "pending_payment", booking: await presentBooking(db, current, me, presentationFor(c, deps)) });
    })
    .post(at(endpoints.bookingReview), async (c) => {
      const me = c.get("user");
      const booking = await findBookingFor(db, idParam(c.req.param("id")), me.id);
      if (booking.guestId !== me.id) throw notFound("bookingNotFound");
      const input = await bodyOf(c, endpoints.bookingReview, reviewSchema);
      // Double-blind (contract/reviews.ts): the review is read by others once the host has written too, or the window closes.
      const updated = await writeStayReview(deps, booking.id, me, input, c.get("locale"));
      return ok(c, endpoints.bookingReview, { booking: await presentBooking(db, updated, me.id, presentationFor(c, deps)) }, 201);
    });
}

