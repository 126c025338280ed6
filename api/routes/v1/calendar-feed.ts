/**
 * GET /api/v1/calendar/{token}.ics: an estate's private calendar feed (services/calendar-sync/export.ts).
 * No sign-in: Airbnb's and Booking.com's servers fetch it; the token is the key. An unknown or
 * replaced token is 404, the same answer as for an address that never existed.
 */
import { Hono } from "hono";
import type { AccountDeps, ApiEnv } from "../../lib/context";
import { notFound } from "../../lib/http-errors";
import { calendarFeed } from "../../services/calendar-sync/export";

export function calendarFeedRoutes({ db }: AccountDeps) {
  return new Hono<ApiEnv>().get("/:file", async (c) => {
    const match = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(c.req.param("file"));
    const feed = match ? await calendarFeed(db, match[1]) : null;
    if (feed === null) throw notFound();
    return c.body(feed, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      // Importers poll it; the answer must be fresh and must not sit in a shared cache.
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    });
  });
}
