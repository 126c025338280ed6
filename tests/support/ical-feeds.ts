/**
 * Calendar feeds shaped like the ones Airbnb and Booking.com export, and a small HTTP server on
 * 127.0.0.1 that serves them (and the bad answers a feed can give), for the calendar-sync tests.
 *
 * Airbnb: CRLF lines, `PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN`,
 * all-day events whose DTEND is the check-out morning (exclusive), "Reserved" with a DESCRIPTION
 * folded over several lines (RFC 5545 3.1: a CRLF followed by one space), and long "Airbnb (Not
 * available)" blocks. Booking.com: `METHOD:PUBLISH`, "CLOSED - Not available" all-day events, and
 * (as some channel managers write them) TZID date-time events with a VTIMEZONE.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

const compact = (date: string) => date.replaceAll("-", "");

/** Folds a content line at 75 octets, as RFC 5545 asks and Airbnb does. */
export function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  parts.push(rest.slice(0, 75));
  rest = rest.slice(75);
  while (rest.length) {
    parts.push(` ${rest.slice(0, 74)}`);
    rest = rest.slice(74);
  }
  return parts.join("\r\n");
}

export type Stay = { start: string; end: string };

export function airbnbFeed(reserved: Stay[], notAvailable: Stay[] = []): string {
  const lines = ["BEGIN:VCALENDAR", "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN", "CALSCALE:GREGORIAN", "VERSION:2.0"];
  reserved.forEach((s, i) => {
    lines.push(
      "BEGIN:VEVENT",
      `DTEND;VALUE=DATE:${compact(s.end)}`,
      `DTSTART;VALUE=DATE:${compact(s.start)}`,
      `UID:1418fb94e984-${i}a7c0b2d1c6b2b6a1c4e41f9a9c1f7e3a2b@airbnb.com`,
      fold(`DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${String(i).padStart(8, "X")}\\nPhone Number (Last 4 Digits): 4821`),
      "SUMMARY:Reserved",
      "END:VEVENT",
    );
  });
  notAvailable.forEach((s, i) => {
    lines.push("BEGIN:VEVENT", `DTEND;VALUE=DATE:${compact(s.end)}`, `DTSTART;VALUE=DATE:${compact(s.start)}`, `UID:7f0c5e1d${i}b9a4-blocked@airbnb.com`, "SUMMARY:Airbnb (Not available)", "END:VEVENT");
  });
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

/** Booking.com's closed nights as all-day events, plus optional timed stays in a time zone. */
export function bookingComFeed(closed: Stay[], timed: { start: string; end: string; zone: string }[] = []): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//admin.booking.com//Booking.com Calendar//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (timed.length) {
    lines.push(
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin",
      "BEGIN:STANDARD",
      "DTSTART:19701025T030000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700329T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    );
  }
  closed.forEach((s, i) => {
    lines.push("BEGIN:VEVENT", `UID:${9000 + i}c3d2e1f@booking.com`, "DTSTAMP:20261101T101500Z", `DTSTART;VALUE=DATE:${compact(s.start)}`, `DTEND;VALUE=DATE:${compact(s.end)}`, "SUMMARY:CLOSED - Not available", "END:VEVENT");
  });
  timed.forEach((s, i) => {
    lines.push("BEGIN:VEVENT", `UID:timed-${i}@booking.com`, "DTSTAMP:20261101T101500Z", `DTSTART;TZID=${s.zone}:${s.start}`, `DTEND;TZID=${s.zone}:${s.end}`, "SUMMARY:CLOSED - Not available", "END:VEVENT");
  });
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

export type FeedRoute = { status?: number; body?: string; headers?: Record<string, string>; location?: string; delayMs?: number; trickle?: boolean; bytes?: number };

/** An HTTP server whose answers the test sets per path; `hits` counts requests per path. */
export async function startFeedServer(host = "127.0.0.1") {
  const routes = new Map<string, FeedRoute>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain" }).end("no such feed");
      return;
    }
    const answer = () => {
      if (route.location) return res.writeHead(route.status ?? 302, { location: route.location }).end();
      if (route.bytes) {
        // A huge answer without a length: the reader must stop on its own.
        res.writeHead(200, { "content-type": "text/calendar" });
        const chunk = Buffer.alloc(64 * 1024, "X");
        let sent = 0;
        const pump = () => {
          while (sent < (route.bytes as number)) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("error", () => {});
        return pump();
      }
      if (route.trickle) {
        res.writeHead(200, { "content-type": "text/calendar" });
        res.write("BEGIN:VCALENDAR\r\n");
        const timer = setInterval(() => res.write("X-PAD:slow\r\n"), 200);
        res.on("close", () => clearInterval(timer));
        return;
      }
      res.writeHead(route.status ?? 200, { "content-type": "text/calendar; charset=utf-8", ...route.headers }).end(route.body ?? "");
    };
    if (route.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://${host}:${port}${path}`,
    set: (path: string, route: FeedRoute) => void routes.set(path, route),
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
