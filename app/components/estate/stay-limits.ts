/**
 * The stay limits the estate and booking pages' forms show (`max` of the guest counts) and check,
 * and app/components/estate/stay-query.server.ts enforces. Apart from that module because the forms
 * run in the browser, where a `.server` module is not available.
 */
/** The longest stay the page prices; the API refuses longer ranges. */
export const MAX_STAY_NIGHTS = 365;
export const MAX_ADULTS = 30;
export const MAX_CHILDREN = 20;
/** How far ahead the calendar can be paged. */
export const CALENDAR_MONTHS_AHEAD = 12;
