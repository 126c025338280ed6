/**
 * The host's side of bookings: GET /api/v1/host/booking (tabs, object filter, paging),
 * GET /api/v1/host/booking/{id} (with payout and the guest's record), POST /api/v1/host/booking/{id}/confirm,
 * /decline and /cancel, /review (the host's review of the guest) and /reply (to the guest's review),
 * and GET /api/v1/host/booking/cancel_reason/list. Only the booking's host may see or act;
 * for anyone else it does not exist.
 */
import { Hono } from "hono";
import { cancelBookingSchema } from "../../../contract/booking";
import { HOST_BOOKING_TABS, HOST_BOOKING_TAB_IDS, hostBookingListQuerySchema, type HostBookingCounts } from "../../../contract/host";
import { requireHostMode, requireUser, type AuthedEnv } from "../../lib/auth";
import { presentationFor, type AccountDeps } from "../../lib/context";
import { notFound } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { bodyOf, queryOf } from "../../lib/request";
import { bookingById, cancelBooking, confirmAsHost, declineAsHost, findBookingFor, hostBookingsPage } from "../../services/booking/bookings";
import { cancelReasonList } from "../../services/booking/cancel-reasons";
import { presentHostBooking, presentHostBookings } from "../../services/host-bookings";
import { replyToReview, writeGuestReview } from "../../services/reviews";
import { replySchema, reviewSchema } from "../../../contract/reviews";
import { cancelReasonQuery, idParam } from "./booking";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/host/booking");

export function hostBookingRoutes(deps: AccountDeps) {
  const { db, auth } = deps;

  const ownBooking = async (id: string, me: number) => {
    const booking = await findBookingFor(db, idParam(id), me);
    if (booking.hostId !== me) throw notFound("bookingNotFound");
    return booking;
  };

  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth), requireHostMode())
    .get(at(endpoints.hostCancelReasons), async (c) => ok(c, endpoints.hostCancelReasons, await cancelReasonList(db, "host", queryOf(c, endpoints.hostCancelReasons, cancelReasonQuery).type, c.get("locale"))))
    .get(at(endpoints.hostBookings), async (c) => {
      const { tab, estateId, page, perPage } = queryOf(c, endpoints.hostBookings, hostBookingListQuerySchema);
      const me = c.get("user").id;
      const { rows, perStatus } = await hostBookingsPage(db, me, tab, estateId, { limit: perPage, offset: (page - 1) * perPage });
      const counts = Object.fromEntries(
        HOST_BOOKING_TAB_IDS.map((id) => [id, perStatus.filter((r) => (HOST_BOOKING_TABS[id] as readonly string[]).includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0)]),
      ) as HostBookingCounts;
      // The list's total is its tab's count: a count(*) of its own was one more query.
      const total = counts[tab];
      const view = presentationFor(c, deps);
      const items = await presentHostBookings(db, rows, me, view);
      return ok(c, endpoints.hostBookings, { items, page, perPage, total, hasMore: page * perPage < total, counts });
    })
    .get(at(endpoints.hostBooking), async (c) => {
      const me = c.get("user").id;
      const booking = await ownBooking(c.req.param("id"), me);
      return ok(c, endpoints.hostBooking, { booking: await presentHostBooking(db, booking, me, presentationFor(c, deps)) });
    })
    .post(at(endpoints.hostBookingConfirm), async (c) => {
      const me = c.get("user").id;
      const booking = await ownBooking(c.req.param("id"), me);
      const updated = await confirmAsHost(deps, booking);
      return ok(c, endpoints.hostBookingConfirm, { booking: await presentHostBooking(db, updated, me, presentationFor(c, deps)) });
    })
    .post(at(endpoints.hostBookingDecline), async (c) => {
      const me = c.get("user").id;
      const booking = await ownBooking(c.req.param("id"), me);
      const input = await bodyOf(c, endpoints.hostBookingDecline, cancelBookingSchema);
      const updated = await declineAsHost(deps, booking, input.reasonId, input.comment);
      return ok(c, endpoints.hostBookingDecline, { booking: await presentHostBooking(db, updated, me, presentationFor(c, deps)) });
    })
    .post(at(endpoints.hostBookingReview), async (c) => {
      const me = c.get("user");
      const booking = await ownBooking(c.req.param("id"), me.id);
      const input = await bodyOf(c, endpoints.hostBookingReview, reviewSchema);
      await writeGuestReview(db, booking.id, me, input, c.get("locale"));
      const current = await bookingById(db, booking.id);
      return ok(c, endpoints.hostBookingReview, { booking: await presentHostBooking(db, current, me.id, presentationFor(c, deps)) }, 201);
    })
    .post(at(endpoints.hostBookingReply), async (c) => {
      const me = c.get("user").id;
      const booking = await ownBooking(c.req.param("id"), me);
      const input = await bodyOf(c, endpoints.hostBookingReply, replySchema);
      await replyToReview(db, booking, input.text);
      return ok(c, endpoints.hostBookingReply, { booking: await presentHostBooking(db, booking, me, presentationFor(c, deps)) });
    })
    .post(at(endpoints.hostBookingCancel), async (c) => {
      const me = c.get("user").id;
      const booking = await ownBooking(c.req.param("id"), me);
      const input = await bodyOf(c, endpoints.hostBookingCancel, cancelBookingSchema);
      const updated = await cancelBooking(deps, booking, "host", input.reasonId, input.comment);
      return ok(c, endpoints.hostBookingCancel, { booking: await presentHostBooking(db, updated, me, presentationFor(c, deps)) });
    });
}
