/**
 * Calendar sync with Airbnb, Booking.com and any iCalendar source: the estate's own feed (export)
 * and the feeds it imports. Shared by api/routes/v1/host-calendar.ts and /host/calendar.
 */
import { z } from "zod";
import { msg } from "./message-key";

const estateId = z.coerce.number().int().positive().max(2_147_483_647);

/** Minutes between two fetches of an imported feed unless the operator sets ICAL_SYNC_MINUTES. */
export const DEFAULT_SYNC_MINUTES = 30;
/** An estate imports at most this many feeds. */
export const MAX_IMPORTS_PER_ESTATE = 10;

export const calendarSyncQuerySchema = z.object({ estateId });
export const calendarFeedRenewSchema = z.object({ estateId });

export const calendarImportSchema = z.object({
  estateId,
  name: z.string({ message: msg("importNameRequired") }).trim().min(1, msg("importNameRequired")).max(60, msg("importNameTooLong")),
  url: z
    .string({ message: msg("importUrlInvalid") })
    .trim()
    .max(2000, msg("importUrlInvalid"))
    // webcal:// is how calendar apps spell an https feed; Airbnb and Booking.com give https.
    .transform((u) => u.replace(/^webcals?:\/\//i, "https://"))
    .refine((u) => {
      try {
        const url = new URL(u);
        return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname) && !url.username && !url.password;
      } catch {
        return false;
      }
    }, msg("importUrlInvalid")),
});
export type CalendarImportInput = z.infer<typeof calendarImportSchema>;

/** One imported feed as its host sees it. */
export type CalendarImportView = {
  id: number;
  name: string;
  url: string;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Why the last attempt was refused, in the request's language; null after a good one. */
  error: string | null;
  /** Events of the last good import. */
  events: number;
  /** Nights of this feed that fall on Konok bookings. */
  conflicts: string[];
};

export type CalendarSyncState = {
  estateId: number;
  /** The estate's feed, `/api/v1/calendar/{token}.ics`; the web app prefixes its public address. */
  feedPath: string;
  imports: CalendarImportView[];
  syncMinutes: number;
};
