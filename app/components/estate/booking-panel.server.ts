/**
 * The server renders the booking panel directly; in the browser bundle this module is empty (a
 * `.server` module), so there the panel comes from a lazily loaded chunk (app/components/deferred.tsx).
 */
export { BookingPanel } from "./booking-panel";
