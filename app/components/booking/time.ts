/* A stay's check-in and check-out hours; a booking's instants are formatted by formatMoment (app/lib/format.ts). */

/** A check-in or check-out time as the estate states it ("14:00"). */
export const clockTime = (hhmm: string | null | undefined, fallback: string) => (hhmm && /^\d{1,2}:\d{2}/.test(hhmm) ? hhmm.slice(0, 5) : fallback);

/** The times the lifecycle uses when an estate does not say (docs/bookings.md). */
export const DEFAULT_CHECK_IN = "14:00";
export const DEFAULT_CHECK_OUT = "12:00";
