import { describe, expect, it } from "vitest";
import { HttpError } from "../../api/lib/http-errors";
import { DEFAULT_TIMINGS, EDGES, allowedActions, deadlineFor, initialStatus, transition, type Actor } from "../../api/services/booking/state-machine";
import { BOOKING_STATUSES, type BookingStatus } from "../../contract/booking-statuses";

/** The lifecycle of issue 5, written out independently of the module's table. */
const ALLOWED: [BookingStatus, BookingStatus, Actor][] = [
  ["pending_confirmation", "pending_payment", "host"],
  ["pending_confirmation", "declined", "host"],
  ["pending_confirmation", "annulled_without_confirmation", "system"],
  ["pending_confirmation", "cancelled_by_guest", "guest"],
  ["pending_payment", "paid_waiting_checkin", "payment"],
  ["pending_payment", "annulled_without_payment", "system"],
  ["pending_payment", "cancelled_by_guest", "guest"],
  ["paid_waiting_checkin", "paid_occupied", "system"],
  ["paid_waiting_checkin", "cancelled_by_guest", "guest"],
  ["paid_waiting_checkin", "cancelled_by_host", "host"],
  ["paid_occupied", "completed_no_review", "system"],
  ["completed_no_review", "completed_with_review", "guest"],
  // Issue 31: an operator cancels on behalf of either side before the stay starts.
  ["pending_confirmation", "cancelled_by_guest", "operator"],
  ["pending_confirmation", "cancelled_by_host", "operator"],
  ["pending_payment", "cancelled_by_guest", "operator"],
  ["pending_payment", "cancelled_by_host", "operator"],
  ["paid_waiting_checkin", "cancelled_by_guest", "operator"],
  ["paid_waiting_checkin", "cancelled_by_host", "operator"],
];
const ACTORS: Actor[] = ["guest", "host", "system", "payment", "operator"];

describe("booking state machine", () => {
  it("starts instant stays awaiting payment and requests awaiting the host", () => {
    expect(initialStatus(true)).toBe("pending_payment");
    expect(initialStatus(false)).toBe("pending_confirmation");
  });

  it.each(ALLOWED)("allows %s → %s by the %s", (from, to, by) => {
    expect(transition(from, to, by)).toMatchObject({ from, to, by });
  });

  it("has exactly the allowed edges", () => {
    expect(EDGES.map((e) => [e.from, e.to, e.by]).sort()).toEqual([...ALLOWED].sort());
  });

  it("refuses every other pair of statuses, for every actor, with 409", () => {
    let refused = 0;
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        for (const by of ACTORS) {
          if (ALLOWED.some(([f, t, a]) => f === from && t === to && a === by)) continue;
          const error = (() => {
            try {
              transition(from, to, by);
              return null;
            } catch (e) {
              return e;
            }
          })();
          expect(error, `${from} → ${to} by ${by}`).toBeInstanceOf(HttpError);
          expect((error as HttpError).status).toBe(409);
          refused++;
        }
      }
    }
    expect(refused).toBe(11 * 11 * ACTORS.length - ALLOWED.length);
  });

  it("lists what each side may do", () => {
    expect(allowedActions("pending_confirmation", "host").sort()).toEqual(["declined", "pending_payment"]);
    expect(allowedActions("paid_waiting_checkin", "guest")).toEqual(["cancelled_by_guest"]);
    expect(allowedActions("declined", "guest")).toEqual([]);
  });

  it("gives a request 24 hours or until check-in, whichever is first, warning an hour before", () => {
    const now = new Date("2026-07-01T06:00:00Z");
    const far = deadlineFor("pending_confirmation", { checkIn: "2026-07-20", checkOut: "2026-07-22" }, now, DEFAULT_TIMINGS)!;
    expect(far.at.toISOString()).toBe("2026-07-02T06:00:00.000Z");
    expect(far.warnAt!.toISOString()).toBe("2026-07-02T05:00:00.000Z");
    const soon = deadlineFor("pending_confirmation", { checkIn: "2026-07-01", checkOut: "2026-07-02" }, now, DEFAULT_TIMINGS)!;
    // 14:00 in Bishkek is 08:00 UTC.
    expect(soon.at.toISOString()).toBe("2026-07-01T08:00:00.000Z");
  });

  it("gives 30 minutes to pay with a warning at 10 minutes left, and times the stay in Bishkek", () => {
    const now = new Date("2026-07-01T06:00:00Z");
    const pay = deadlineFor("pending_payment", { checkIn: "2026-07-20", checkOut: "2026-07-22" }, now, DEFAULT_TIMINGS)!;
    expect(pay).toMatchObject({ to: "annulled_without_payment", warn: "booking_annulled_without_payment_soon" });
    expect(pay.at.getTime() - now.getTime()).toBe(30 * 60_000);
    expect(pay.at.getTime() - pay.warnAt!.getTime()).toBe(10 * 60_000);
    expect(deadlineFor("paid_waiting_checkin", { checkIn: "2026-07-20", checkOut: "2026-07-22" }, now, DEFAULT_TIMINGS)!.at.toISOString()).toBe("2026-07-20T08:00:00.000Z");
    expect(deadlineFor("paid_occupied", { checkIn: "2026-07-20", checkOut: "2026-07-22" }, now, DEFAULT_TIMINGS)!.at.toISOString()).toBe("2026-07-22T06:00:00.000Z");
    expect(deadlineFor("declined", { checkIn: "2026-07-20", checkOut: "2026-07-22" }, now, DEFAULT_TIMINGS)).toBeNull();
  });
});
