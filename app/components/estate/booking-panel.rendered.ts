/**
 * The server renders the booking panel directly; in the browser bundle this module is empty (a
 * `.rendered` module, emptied by vite.config.ts), so there the panel comes from a lazily loaded
 * chunk (app/components/deferred.tsx).
 */
export { BookingPanel } from "./booking-panel";
