/** Every notification about a booking links to that booking's page for its reader (issue 10). */
import { describe, expect, it } from "vitest";
import { bookingPageFor } from "../../app/components/profile/notification-item";

describe("bookingPageFor", () => {
  it("sends the host to the host's booking page and the guest to theirs", () => {
    expect(bookingPageFor({ type: "booking_requested", bookingId: 7, payload: { readerRole: "host" } })).toBe("/host/booking/7");
    expect(bookingPageFor({ type: "booking_paid", bookingId: 7, payload: { readerRole: "host" } })).toBe("/host/booking/7");
    expect(bookingPageFor({ type: "booking_paid", bookingId: 7, payload: { readerRole: "guest" } })).toBe("/profile/booking/7");
  });

  it("tells older notifications' reader by their type, when only one side gets it", () => {
    expect(bookingPageFor({ type: "booking_requested", bookingId: 3, payload: {} })).toBe("/host/booking/3");
    expect(bookingPageFor({ type: "booking_confirmed", bookingId: 3, payload: {} })).toBe("/profile/booking/3");
    expect(bookingPageFor({ type: "booking_paid", bookingId: 3, payload: {} })).toBeNull();
    expect(bookingPageFor({ type: "estate", bookingId: null, payload: { readerRole: "host" } })).toBeNull();
  });
});
