/**
 * The host's calendar of one object: which nights are booked (and by whom), blocked, or free at
 * which price, and the changes a host makes to a range of nights. A night is never both booked
 * and blocked: the change below refuses a block over an active booking with the booking named,
 * and the triggers of migration 0009 keep that true between concurrent writers (see
 * docs/decisions/0021-calendar-serialises-on-the-estate-row.md).
 */
import { and, asc, eq, gte, isNull, lte, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Locale } from "../../contract/common";
import type { CalendarChange, CalendarNight, HostCalendar, HostEstateOption } from "../../contract/host";
import type { Db } from "../db/client";
import { estateBlockedDates, estateMinStays, estatePrices, estates, estateTexts } from "../db/schema";
import { addDays, datesUntil } from "../../contract/dates";
import { sqlStateOf } from "../lib/error-handler";
import { nightPrice } from "../../contract/stay-terms";
import type { AvailabilityRules } from "../../contract/availability-rules";
import { HttpError, notFound } from "../lib/http-errors";
import { localize } from "../lib/locale";
import { importConflicts, importSources } from "./calendar-sync/imports";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";

/**
 * The host's objects for the calendar's select: bookable ones only, as a complex is booked through
 * its units. One query with the titles joined: it was one per object (about ninety queries on a
 * host page of the demo host).
 */
export function bookableEstateOptions(db: Db, hostId: number, locale: Locale): Promise<HostEstateOption[]> {
  // Every host page's object picker asks; kept per host until the next write on PGlite.
  return keptWhileUnwritten(db, `hostEstates:${hostId}:${locale}`, () => readBookableEstateOptions(db, hostId, locale));
}

async function readBookableEstateOptions(db: Db, hostId: number, locale: Locale): Promise<HostEstateOption[]> {
  const units = alias(estates, "unit");
  const rows = await db
    .select({ id: estates.id, price: estates.price, status: estates.status, title: estateTexts.title })
    .from(estates)
    .leftJoin(estateTexts, eq(estateTexts.estateId, estates.id))
    .where(and(eq(estates.hostId, hostId), notExists(db.select({ one: sql`1` }).from(units).where(and(eq(units.parentId, estates.id), eq(units.hostId, hostId))))))
    .orderBy(asc(estates.id));
  return rows.map(({ title, ...r }) => ({ ...r, title: localize(title, locale) || `#${r.id}` }));
}

export type OwnEstate = { id: number; price: number; weekendPrice: number | null; hostId: number } & AvailabilityRules;

/** The estate, if the caller hosts it; for anyone else it does not exist. */
export async function ownEstate(db: Db, estateId: number, hostId: number): Promise<OwnEstate> {
  const [estate] = await db
    .select({
      id: estates.id,
      price: estates.price,
      weekendPrice: estates.weekendPrice,
      hostId: estates.hostId,
      advanceNoticeDays: estates.advanceNoticeDays,
      sameDayUntilHour: estates.sameDayUntilHour,
      preparationNights: estates.preparationNights,
      bookingWindowMonths: estates.bookingWindowMonths,
    })
    .from(estates)
    .where(and(eq(estates.id, estateId), eq(estates.hostId, hostId)))
    .limit(1);
  if (!estate) throw notFound("estateNotFound");
  return estate;
}

type BookedNight = { id: number; status: string; guest_name: string | null; check_in: string; check_out: string };

/** Active bookings of the estate that hold any night in [from, to). */
async function activeBookings(db: Pick<Db, "execute">, estateId: number, from: string, to: string) {
  const { rows } = await db.execute<BookedNight>(sql`
    SELECT b.id, b.status::text AS status, b.check_in::text AS check_in, b.check_out::text AS check_out,
      nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS guest_name
    FROM bookings b LEFT JOIN users u ON u.id = b.guest_id
    WHERE b.estate_id = ${estateId} AND b.active AND b.check_in < ${to}::date AND b.check_out > ${from}::date
    ORDER BY b.check_in, b.id`);
  return rows;
}

/** The nights `from` through `to` (both included). */
export async function readCalendar(db: Db, estate: OwnEstate, from: string, to: string): Promise<HostCalendar> {
  const end = addDays(to, 1);
  const [booked, blocked, prices, minStays, sources, conflicts] = await Promise.all([
    activeBookings(db, estate.id, from, end),
    db.select({ date: estateBlockedDates.date }).from(estateBlockedDates).where(and(eq(estateBlockedDates.estateId, estate.id), gte(estateBlockedDates.date, from), lte(estateBlockedDates.date, to))),
    db.select({ date: estatePrices.date, price: estatePrices.price }).from(estatePrices).where(and(eq(estatePrices.estateId, estate.id), gte(estatePrices.date, from), lte(estatePrices.date, to))),
    db.select({ date: estateMinStays.date, minNights: estateMinStays.minNights }).from(estateMinStays).where(and(eq(estateMinStays.estateId, estate.id), gte(estateMinStays.date, from), lte(estateMinStays.date, to))),
    importSources(db, estate.id, from, to),
    importConflicts(db, estate.id, from, to),
  ]);
  const bookingOf = new Map<string, BookedNight>();
  for (const b of booked) for (const d of datesUntil(b.check_in, b.check_out)) bookingOf.set(d, b);
  const blockedSet = new Set(blocked.map((r) => r.date));
  const priceOf = new Map(prices.map((r) => [r.date, r.price]));
  const minOf = new Map(minStays.map((r) => [r.date, r.minNights]));
  const nights: CalendarNight[] = datesUntil(from, end).map((date) => {
    const b = bookingOf.get(date);
    return {
      date,
      state: b ? "booked" : blockedSet.has(date) ? "blocked" : "free",
      price: nightPrice(date, estate, priceOf.get(date)),
      custom: priceOf.has(date),
      minNights: minOf.get(date) ?? null,
      booking: b ? { id: b.id, guestName: b.guest_name ?? "—", status: b.status } : null,
      source: !b && blockedSet.has(date) ? (sources.get(date) ?? null) : null,
      conflict: b ? (conflicts.get(date) ?? null) : null,
    };
  });
  const { advanceNoticeDays, sameDayUntilHour, preparationNights, bookingWindowMonths } = estate;
  return { estateId: estate.id, from, to, basePrice: estate.price, nights, rules: { advanceNoticeDays, sameDayUntilHour, preparationNights, bookingWindowMonths } };
}

/** A 409 that names the booking holding the nights, so the host knows which one to look at. */
const collision = (b: Pick<BookedNight, "id" | "guest_name" | "check_in" | "check_out">) =>
  new HttpError(409, { key: "calendarBookingHolds", params: { id: b.id, guest: b.guest_name ? ` (${b.guest_name})` : "", from: b.check_in, to: b.check_out } }, {
    bookingId: [{ ref: b.id }],
  });

/**
 * Blocks, unblocks or prices the nights `from` through `to`. One transaction that first locks the
 * estate's row, the lock every booking of the estate also takes (migration 0009), so a booking and
 * a block of the same night cannot both succeed.
 */
export async function changeCalendar(db: Db, estate: OwnEstate, change: CalendarChange): Promise<{ nights: number }> {
  const dates = datesUntil(change.from, addDays(change.to, 1));
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM estates WHERE id = ${estate.id} FOR NO KEY UPDATE`);
      if (change.action === "block") {
        const [taken] = await activeBookings(tx, estate.id, change.from, addDays(change.to, 1));
        if (taken) throw collision(taken);
        await tx.insert(estateBlockedDates).values(dates.map((date) => ({ estateId: estate.id, date }))).onConflictDoNothing();
      } else if (change.action === "unblock") {
        // Imported nights belong to their calendar's sync: they go when the source frees them.
        await tx
          .delete(estateBlockedDates)
          .where(and(eq(estateBlockedDates.estateId, estate.id), isNull(estateBlockedDates.importId), gte(estateBlockedDates.date, change.from), lte(estateBlockedDates.date, change.to)));
      } else {
        // A booked night keeps the price frozen on its booking; the new price is for later guests.
        if (change.price === undefined) {
          await tx.delete(estatePrices).where(and(eq(estatePrices.estateId, estate.id), gte(estatePrices.date, change.from), lte(estatePrices.date, change.to)));
        } else {
          await tx
            .insert(estatePrices)
            .values(dates.map((date) => ({ estateId: estate.id, date, price: change.price as number })))
            .onConflictDoUpdate({ target: [estatePrices.estateId, estatePrices.date], set: { price: sql`excluded.price` } });
        }
        await tx.delete(estateMinStays).where(and(eq(estateMinStays.estateId, estate.id), gte(estateMinStays.date, change.from), lte(estateMinStays.date, change.to)));
        if (change.minNights !== undefined) {
          await tx.insert(estateMinStays).values(dates.map((date) => ({ estateId: estate.id, date, minNights: change.minNights as number })));
        }
      }
    });
  } catch (error) {
    // The trigger's answer when a booking slipped in between (it cannot after the lock above, but
    // the database, not this code, is what guarantees it).
    if (sqlStateOf(error) === "KN001") {
      const [taken] = await activeBookings(db, estate.id, change.from, addDays(change.to, 1));
      if (taken) throw collision(taken);
    }
    throw error;
  }
  return { nights: dates.length };
}

/** Sets the object's availability rules; the search index hears of it through the estates trigger. */
export async function setAvailabilityRules(db: Db, estate: OwnEstate, rules: AvailabilityRules): Promise<AvailabilityRules> {
  // The cut-off hour only means something with same-day arrivals.
  const stored = { ...rules, sameDayUntilHour: rules.advanceNoticeDays === 0 ? rules.sameDayUntilHour : null };
  await db.update(estates).set(stored).where(eq(estates.id, estate.id));
  return stored;
}
