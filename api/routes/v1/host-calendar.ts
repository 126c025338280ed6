/**
 * The host's calendar: GET /api/v1/host/calendar?estateId&from&to (nights booked, blocked, priced),
 * POST /api/v1/host/calendar (block, unblock or price a range), and GET /api/v1/host/calendar/estates
 * (the host's objects for the select). Calendar sync: GET /sync?estateId (the feed's address and
 * the imported calendars), POST /feed (a new feed address; the old one stops working), POST
 * /imports (add a calendar to import; fetched at once), POST /imports/{id}/sync?estateId ("sync
 * now"), DELETE /imports/{id}?estateId (its nights go with it). POST /rules: the object's
 * availability rules (advance notice, preparation time, booking window).
 * Another host's object does not exist for the caller.
 */
import { Hono } from "hono";
import { availabilityRulesChangeSchema, CALENDAR_MAX_DAYS, calendarChangeSchema, hostCalendarQuerySchema } from "../../../contract/host";
import { requireHostMode, requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { daysBetween } from "../../../contract/dates";
import { fieldError } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { bodyOf, fieldsOf, queryOf } from "../../lib/request";
import { bookableEstateOptions, changeCalendar, ownEstate, readCalendar, setAvailabilityRules } from "../../services/host-calendar";
import { calendarFeedRenewSchema, calendarImportSchema, calendarSyncQuerySchema } from "../../../contract/calendar-sync";
import { exportToken, feedPath, renewExportToken } from "../../services/calendar-sync/export";
import { addImport, findImport, removeImport, syncImport, syncState } from "../../services/calendar-sync/imports";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/host/calendar");

const tooLong = (field: string) => fieldError(field, "rangeTooLong", { n: CALENDAR_MAX_DAYS });

export function hostCalendarRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth), requireHostMode())
    .get(at(endpoints.hostCalendarEstates), async (c) => ok(c, endpoints.hostCalendarEstates, { items: await bookableEstateOptions(db, c.get("user").id, c.get("locale")) }))
    .get(at(endpoints.hostCalendar), async (c) => {
      const q = queryOf(c, endpoints.hostCalendar, hostCalendarQuerySchema);
      if (daysBetween(q.from, q.to) >= CALENDAR_MAX_DAYS) throw tooLong("to");
      const estate = await ownEstate(db, q.estateId, c.get("user").id);
      return ok(c, endpoints.hostCalendar, await readCalendar(db, estate, q.from, q.to));
    })
    .get(at(endpoints.hostCalendarSync), async (c) => {
      const q = queryOf(c, endpoints.hostCalendarSync, calendarSyncQuerySchema);
      const estate = await ownEstate(db, q.estateId, c.get("user").id);
      return ok(c, endpoints.hostCalendarSync, await syncState(deps, estate.id, feedPath(await exportToken(db, estate.id)), c.get("locale")));
    })
    .post(at(endpoints.hostCalendarFeed), async (c) => {
      const q = await bodyOf(c, endpoints.hostCalendarFeed, calendarFeedRenewSchema);
      const estate = await ownEstate(db, q.estateId, c.get("user").id);
      return ok(c, endpoints.hostCalendarFeed, { feedPath: feedPath(await renewExportToken(db, estate.id)) });
    })
    .post(at(endpoints.hostCalendarRules), async (c) => {
      const { estateId, ...rules } = await fieldsOf(c, endpoints.hostCalendarRules, availabilityRulesChangeSchema);
      const estate = await ownEstate(db, estateId, c.get("user").id);
      return ok(c, endpoints.hostCalendarRules, { rules: await setAvailabilityRules(db, estate, rules) });
    })
    .post(at(endpoints.hostCalendarImport), async (c) => {
      const input = await bodyOf(c, endpoints.hostCalendarImport, calendarImportSchema);
      await ownEstate(db, input.estateId, c.get("user").id);
      const row = await addImport(deps, input);
      return ok(c, endpoints.hostCalendarImport, { id: row.id, ok: row.lastError === null });
    })
    .post(at(endpoints.hostCalendarImportSync), async (c) => {
      const q = queryOf(c, endpoints.hostCalendarImportSync, calendarSyncQuerySchema);
      await ownEstate(db, q.estateId, c.get("user").id);
      const row = await syncImport(deps, await findImport(db, q.estateId, Number(c.req.param("id"))));
      return ok(c, endpoints.hostCalendarImportSync, { id: row.id, ok: row.lastError === null });
    })
    .delete(at(endpoints.hostCalendarImportRemove), async (c) => {
      const q = queryOf(c, endpoints.hostCalendarImportRemove, calendarSyncQuerySchema);
      await ownEstate(db, q.estateId, c.get("user").id);
      await removeImport(db, q.estateId, Number(c.req.param("id")));
      return ok(c, endpoints.hostCalendarImportRemove, { removed: true });
    })
    .post(at(endpoints.hostCalendarChange), async (c) => {
      const change = await bodyOf(c, endpoints.hostCalendarChange, calendarChangeSchema);
      if (daysBetween(change.from, change.to) >= CALENDAR_MAX_DAYS) throw tooLong("to");
      const estate = await ownEstate(db, change.estateId, c.get("user").id);
      return ok(c, endpoints.hostCalendarChange, await changeCalendar(db, estate, change));
    });
}
