/**
 * Imported calendars: a host's Airbnb, Booking.com or other .ics addresses per estate, fetched on
 * a schedule (every ICAL_SYNC_MINUTES, 30 by default) and on "sync now". Their nights become
 * blocked nights of the estate (`estate_blocked_dates.import_id`), so the search, the estate page
 * and booking validation treat them as every other blocked night, and they go when the source
 * drops them. A night that falls on a Konok booking is not blocked (the triggers of migration
 * 0009 refuse that) but kept in the import's events: the calendar shows it as a conflict and the
 * host is notified once. A bad fetch changes nothing but the import's error: the last good import
 * stays in force.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Locale } from "../../../contract/common";
import { MAX_IMPORTS_PER_ESTATE, type CalendarImportInput, type CalendarImportView, type CalendarSyncState } from "../../../contract/calendar-sync";
import type { Db } from "../../db/client";
import { calendarExports, calendarImports, estateBlockedDates, estates, notifications } from "../../db/schema";
import { addDays, datesUntil, todayInBishkek } from "../../../contract/dates";
import { fieldError, HttpError, notFound } from "../../lib/http-errors";
import { message, type MessageKey, type MessageParams } from "../../lib/messages";
import { estateNames } from "../estate-lookup";
import { HORIZON_DAYS, parseFeed, type FeedStay } from "./parse";
import { DEFAULT_FETCH_LIMITS, FeedError, fetchFeed, type FetchLimits } from "./safe-fetch";

export type CalendarSyncConfig = { syncMinutes: number; limits: FetchLimits };
export const DEFAULT_SYNC_CONFIG: CalendarSyncConfig = { syncMinutes: 30, limits: DEFAULT_FETCH_LIMITS };
export type SyncDeps = { db: Db; calendarSync?: CalendarSyncConfig };

type ImportRow = typeof calendarImports.$inferSelect;

const configOf = (deps: SyncDeps) => deps.calendarSync ?? DEFAULT_SYNC_CONFIG;

/** Nights (dates) of the estate held by active bookings in [from, to), with the booking holding each. */
async function bookedNights(db: Pick<Db, "execute">, estateId: number, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ id: number; check_in: string; check_out: string }>(sql`
    SELECT id, check_in::text AS check_in, check_out::text AS check_out FROM bookings
    WHERE estate_id = ${estateId} AND active AND check_in < ${to}::date AND check_out > ${from}::date`);
  const nights = new Map<string, number>();
  for (const b of rows) for (const d of datesUntil(b.check_in, b.check_out)) nights.set(d, b.id);
  return nights;
}

/** The nights of `stays` from `today` up to the horizon. */
function nightsOf(stays: FeedStay[], today: string): Set<string> {
  const end = addDays(today, HORIZON_DAYS);
  const nights = new Set<string>();
  for (const s of stays) for (const d of datesUntil(s.start > today ? s.start : today, s.end < end ? s.end : end)) nights.add(d);
  return nights;
}

/** Feed nights that fall on Konok bookings: the conflicts a host has to settle by hand. */
export async function conflictsOf(db: Db, estateId: number, stays: FeedStay[], today = todayInBishkek()): Promise<{ date: string; bookingId: number }[]> {
  const nights = [...nightsOf(stays, today)].sort();
  if (!nights.length) return [];
  const booked = await bookedNights(db, estateId, nights[0], addDays(nights.at(-1) as string, 1));
  return nights.filter((d) => booked.has(d)).map((date) => ({ date, bookingId: booked.get(date) as number }));
}

const errorText = (locale: Locale, row: ImportRow) => {
  if (!row.lastError) return null;
  let params: MessageParams = {};
  try {
    params = JSON.parse(row.lastErrorDetail ?? "{}") as MessageParams;
  } catch {
    // An unreadable detail still leaves the reason.
  }
  return message(locale, row.lastError as MessageKey, params);
};

export async function syncState(deps: SyncDeps, estateId: number, feedPath: string, locale: Locale): Promise<CalendarSyncState> {
  const rows = await deps.db.select().from(calendarImports).where(eq(calendarImports.estateId, estateId)).orderBy(asc(calendarImports.id));
  const imports: CalendarImportView[] = [];
  for (const row of rows) {
    imports.push({
      id: row.id,
      name: row.name,
      url: row.url,
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      error: errorText(locale, row),
      events: row.events.length,
      conflicts: (await conflictsOf(deps.db, estateId, row.events)).map((c) => c.date),
    });
  }
  return { estateId, feedPath, imports, syncMinutes: configOf(deps).syncMinutes };
}

/** Which import, if any, put each of these blocked nights there: the host calendar's "source". */
export async function importSources(db: Db, estateId: number, from: string, to: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ date: estateBlockedDates.date, name: calendarImports.name })
    .from(estateBlockedDates)
    .innerJoin(calendarImports, eq(calendarImports.id, estateBlockedDates.importId))
    .where(and(eq(estateBlockedDates.estateId, estateId), sql`${estateBlockedDates.date} BETWEEN ${from}::date AND ${to}::date`));
  return new Map(rows.map((r) => [r.date, r.name]));
}

/** Conflicting nights of every import of the estate in [from, to], with the source's name. */
export async function importConflicts(db: Db, estateId: number, from: string, to: string): Promise<Map<string, string>> {
  const rows = await db.select({ name: calendarImports.name, events: calendarImports.events }).from(calendarImports).where(eq(calendarImports.estateId, estateId));
  const out = new Map<string, string>();
  for (const row of rows) {
    const inRange = row.events.filter((s) => s.end > from && s.start <= to);
    for (const c of await conflictsOf(db, estateId, inRange)) if (c.date >= from && c.date <= to) out.set(c.date, row.name);
  }
  return out;
}

/** Writes a good import: its nights blocked, the ones it dropped freed, new conflicts told to the host. */
async function applyImport(deps: SyncDeps, row: ImportRow, stays: FeedStay[], now: Date): Promise<void> {
  const today = todayInBishkek(now);
  const wanted = nightsOf(stays, today);
  await deps.db.transaction(async (tx) => {
    // The lock every booking and block of the estate takes (migration 0009).
    await tx.execute(sql`SELECT 1 FROM estates WHERE id = ${row.estateId} FOR NO KEY UPDATE`);
    const sorted = [...wanted].sort();
    const booked = sorted.length ? await bookedNights(tx, row.estateId, sorted[0], addDays(sorted.at(-1) as string, 1)) : new Map<string, number>();
    const free = sorted.filter((d) => !booked.has(d));
    const conflicts = sorted.filter((d) => booked.has(d));
    // Nights the source no longer has (past nights stay as they were: history, not availability).
    const drop = tx.delete(estateBlockedDates);
    if (free.length) await drop.where(and(eq(estateBlockedDates.importId, row.id), sql`${estateBlockedDates.date} >= ${today}::date`, notInArray(estateBlockedDates.date, free)));
    else await drop.where(and(eq(estateBlockedDates.importId, row.id), sql`${estateBlockedDates.date} >= ${today}::date`));
    // A night already blocked by the host or another import keeps its owner.
    for (let i = 0; i < free.length; i += 1000) {
      await tx
        .insert(estateBlockedDates)
        .values(free.slice(i, i + 1000).map((date) => ({ estateId: row.estateId, date, importId: row.id })))
        .onConflictDoNothing();
    }
    const known = new Set(row.conflicts);
    const fresh = conflicts.filter((d) => !known.has(d));
    await tx
      .update(calendarImports)
      .set({ events: stays, conflicts, lastAttemptAt: now, lastSuccessAt: now, lastError: null, lastErrorDetail: null })
      .where(eq(calendarImports.id, row.id));
    if (fresh.length) {
      const [estate] = await tx.select({ hostId: estates.hostId }).from(estates).where(eq(estates.id, row.estateId));
      const { title } = await estateNames(tx, row.estateId);
      await tx.insert(notifications).values({
        userId: estate.hostId,
        type: "calendar_conflict",
        estateId: row.estateId,
        bookingId: booked.get(fresh[0]) ?? null,
        payload: { estateTitle: title, source: row.name, dates: fresh.slice(0, 31), checkInDate: fresh[0], checkOutDate: addDays(fresh.at(-1) as string, 1), readerRole: "host" },
      });
    }
  });
}

/** Fetches and applies one import; a refusal is recorded on it and changes nothing else. */
export async function syncImport(deps: SyncDeps, row: ImportRow, now = new Date()): Promise<ImportRow> {
  const config = configOf(deps);
  try {
    const text = await fetchFeed(row.url, config.limits);
    const stays = parseFeed(text, todayInBishkek(now));
    await applyImport(deps, row, stays, now);
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    await deps.db
      .update(calendarImports)
      .set({ lastAttemptAt: now, lastError: error.key, lastErrorDetail: JSON.stringify(error.params) })
      .where(eq(calendarImports.id, row.id));
  }
  const [after] = await deps.db.select().from(calendarImports).where(eq(calendarImports.id, row.id));
  return after;
}

export async function findImport(db: Db, estateId: number, importId: number): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(calendarImports)
    .where(and(eq(calendarImports.id, importId), eq(calendarImports.estateId, estateId)));
  if (!row) throw notFound();
  return row;
}

/** Adds an import and fetches it at once, so the host sees its result (or why it was refused). */
export async function addImport(deps: SyncDeps, input: CalendarImportInput, now = new Date()): Promise<ImportRow> {
  const existing = await deps.db.select({ url: calendarImports.url }).from(calendarImports).where(eq(calendarImports.estateId, input.estateId));
  if (existing.length >= MAX_IMPORTS_PER_ESTATE) throw new HttpError(422, { key: "importTooMany", params: { n: MAX_IMPORTS_PER_ESTATE } });
  if (existing.some((e) => e.url === input.url)) throw fieldError("url", "importDuplicate");
  // Its own feed would block every night it has, for ever.
  const own = await deps.db.select({ token: calendarExports.token }).from(calendarExports).where(eq(calendarExports.estateId, input.estateId));
  if (own[0] && input.url.includes(own[0].token)) throw fieldError("url", "importOwnFeed");
  const next = new Date(now.getTime() + configOf(deps).syncMinutes * 60_000);
  const [row] = await deps.db.insert(calendarImports).values({ estateId: input.estateId, name: input.name, url: input.url, nextSyncAt: next }).returning();
  return syncImport(deps, row, now);
}

/** Removes an import; its nights go with it (ON DELETE CASCADE). */
export async function removeImport(db: Db, estateId: number, importId: number): Promise<void> {
  const row = await findImport(db, estateId, importId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM estates WHERE id = ${estateId} FOR NO KEY UPDATE`);
    await tx.delete(calendarImports).where(eq(calendarImports.id, row.id));
  });
}

/**
 * Claims the imports due for a fetch by moving their next time forward in one statement, so any
 * number of processes can run this: each import is fetched by one of them per interval.
 */
export async function syncDueImports(deps: SyncDeps, now = new Date(), batch = 10): Promise<number> {
  const minutes = configOf(deps).syncMinutes;
  const { rows } = await deps.db.execute<{ id: number }>(sql`
    UPDATE calendar_imports SET next_sync_at = ${new Date(now.getTime() + minutes * 60_000)}
    WHERE id IN (SELECT id FROM calendar_imports WHERE next_sync_at <= ${now} ORDER BY next_sync_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  if (!rows.length) return 0;
  const due = await deps.db.select().from(calendarImports).where(inArray(calendarImports.id, rows.map((r) => r.id)));
  for (const row of due) await syncImport(deps, row, now);
  return due.length;
}

/** Runs the scheduled sync every `tickMs` in this process; returns a function that stops it. */
export function startCalendarSync(deps: SyncDeps, tickMs = 60_000, log: (error: unknown) => void = console.error): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => syncDueImports(deps)).catch(log);
  }, tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
