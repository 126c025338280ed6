/**
 * Reads an imported iCalendar feed (node-ical) into stays of whole nights, [start, end) dates.
 * What Airbnb and Booking.com send: all-day events with DTEND the morning the guest leaves
 * (exclusive, RFC 5545 3.6.1), folded lines, sometimes TZID date-times. A timed event holds the
 * nights from its first to its last calendar day in its own time zone (Asia/Bishkek when it has
 * none), at least one. Cancelled events hold nothing. A feed that is not a calendar, or holds an
 * event that cannot be a stay (no dates, ends before it starts, longer than two years), is
 * refused as a whole: the last good import stays in force rather than half of a broken one.
 */
import ical from "node-ical";
import { addDays, BISHKEK_TIME_ZONE, daysBetween } from "../../../contract/dates";
import { FeedError } from "./safe-fetch";

export type FeedStay = { start: string; end: string; summary: string };

/** Longer than this, an event is not a stay but a broken feed. */
export const MAX_EVENT_NIGHTS = 731;
export const MAX_EVENTS = 5000;
/** How far ahead recurring events are expanded and nights kept. */
export const HORIZON_DAYS = 731;

const ymd = (parts: Intl.DateTimeFormatPart[]) => {
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
};
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function dateIn(zone: string, at: Date): string {
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      // A Windows zone name or a made-up one: the estate's own time.
      return dateIn(BISHKEK_TIME_ZONE, at);
    }
    zoneFormats.set(zone, format);
  }
  return ymd(format.formatToParts(at));
}

type Stamp = Date & { tz?: string; dateOnly?: boolean };

/** The calendar date a DTSTART/DTEND names. */
function dayOf(value: Stamp): string {
  // node-ical makes a DATE value a local midnight of this process: read it back the same way.
  if (value.dateOnly) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, "0")}-${String(value.getDate()).padStart(2, "0")}`;
  const zone = value.tz && value.tz !== "Etc/UTC" && value.tz !== "UTC" && value.tz !== "Z" ? value.tz.replace(/^\/+/, "") : BISHKEK_TIME_ZONE;
  return dateIn(zone, value);
}

function stayOf(uid: string, summary: unknown, start: Stamp | undefined, end: Stamp | undefined, fullDay: boolean): FeedStay {
  if (!(start instanceof Date) || Number.isNaN(start.getTime()) || (end !== undefined && (!(end instanceof Date) || Number.isNaN(end.getTime())))) {
    throw new FeedError("icalBadEvent", { uid: uid.slice(0, 80) });
  }
  const first = dayOf(start);
  let last = end ? dayOf(end) : addDays(first, 1);
  // A timed event ending later on its last day still holds that day's night only if it ends
  // after it starts; an all-day DTEND is already the morning after (exclusive).
  if (!fullDay && end && last === first) last = addDays(first, 1);
  if (last < first) throw new FeedError("icalBadEvent", { uid: uid.slice(0, 80) });
  if (last === first) last = addDays(first, 1);
  const nights = daysBetween(first, last);
  if (nights > MAX_EVENT_NIGHTS) throw new FeedError("icalAbsurdEvent", { nights, from: first, to: last, max: MAX_EVENT_NIGHTS });
  const text = typeof summary === "string" ? summary : summary && typeof summary === "object" && "val" in summary ? String((summary as { val: unknown }).val) : "";
  return { start: first, end: last, summary: text.replace(/\s+/g, " ").trim().slice(0, 100) };
}

/** The stays of a feed's text, sorted; throws FeedError when the text is not a usable calendar. */
export function parseFeed(text: string, today: string): FeedStay[] {
  // node-ical reads almost anything into an empty result: a feed must say what it is.
  if (!/^\s*BEGIN:VCALENDAR\s*$/im.test(text.slice(0, 2000)) || !/END:VCALENDAR/i.test(text)) throw new FeedError("icalNotCalendar");
  let parsed: ical.CalendarResponse;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new FeedError("icalNotCalendar");
  }
  const from = new Date(`${addDays(today, -1)}T00:00:00Z`);
  const to = new Date(`${addDays(today, HORIZON_DAYS)}T00:00:00Z`);
  const stays: FeedStay[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== "VEVENT") continue;
    const event = component as ical.VEvent;
    if (event.status === "CANCELLED") continue;
    const fullDay = event.datetype === "date" || Boolean((event.start as Stamp | undefined)?.dateOnly);
    if (event.rrule) {
      let instances: ical.EventInstance[];
      try {
        instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
      } catch {
        throw new FeedError("icalBadEvent", { uid: String(event.uid ?? "?").slice(0, 80) });
      }
      if (instances.length > MAX_EVENTS) throw new FeedError("icalTooManyEvents", { max: MAX_EVENTS });
      for (const instance of instances) stays.push(stayOf(String(event.uid ?? "?"), instance.summary, instance.start, instance.end, instance.isFullDay));
    } else {
      stays.push(stayOf(String(event.uid ?? "?"), event.summary, event.start as Stamp | undefined, event.end as Stamp | undefined, fullDay));
    }
    if (stays.length > MAX_EVENTS) throw new FeedError("icalTooManyEvents", { max: MAX_EVENTS });
  }
  return stays.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}
