/**
 * The caller's notifications (GET/PUT /api/v1/notifications), unread counts (GET /api/v1/unread_data)
 * and a signed-in page's own data: saved ids and unread counts together (GET /api/v1/page_data).
 */
import { Hono } from "hono";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { NotificationItem } from "../../../contract/account";
import { paginationSchema } from "../../../contract/common";
import { notifications } from "../../db/schema";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import { localize } from "../../lib/locale";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { parseBody, parseQuery } from "../../lib/validation";
import { unreadCounts } from "../../services/chat/conversations";
import { pageData } from "../../services/page-data";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1");

const markReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() });

export function notificationRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  const signedIn = requireUser(db, auth);
  // Mounted at /api/v1 itself, so the guard names its paths instead of guarding all of /v1.
  return new Hono<AuthedEnv>()
    .use("/notifications", signedIn)
    .use("/notifications/*", signedIn)
    .use("/unread_data", signedIn)
    .use("/page_data", signedIn)
    .get(at(endpoints.notifications), async (c) => {
      const { page, perPage } = parseQuery(c, paginationSchema);
      const mine = eq(notifications.userId, c.get("user").id);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(notifications).where(mine).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(perPage).offset((page - 1) * perPage),
        db.select({ total: count() }).from(notifications).where(mine),
      ]);
      const items: NotificationItem[] = rows.map((n) => ({
        id: n.id,
        type: n.type,
        bookingId: n.bookingId,
        estateId: n.estateId,
        // Stored in every language; the reader gets theirs.
        payload: localizePayload(n.payload, c.get("locale")),
        read: n.readAt !== null,
        createdAt: n.createdAt.toISOString(),
      }));
      return ok(c, endpoints.notifications, { items, page, perPage, total: Number(total), hasMore: page * perPage < Number(total) });
    })
    .put(at(endpoints.notificationsRead), async (c) => {
      const { ids } = await parseBody(c, markReadSchema);
      const mine = and(eq(notifications.userId, c.get("user").id), isNull(notifications.readAt));
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
      return ok(c, endpoints.notificationsRead, {});
    })
    .get(at(endpoints.unreadData), async (c) => ok(c, endpoints.unreadData, await unreadCounts(db, c.get("user").id)))
    // The root loader's one call per signed-in page (the favourites' ids and unread_data).
    .get(at(endpoints.pageData), async (c) => ok(c, endpoints.pageData, await pageData(db, c.get("user").id)));
}

/** Booking notifications carry the estate's title in every language; the reader gets theirs. */
function localizePayload(payload: Record<string, unknown>, locale: "ru" | "en" | "ky"): Record<string, unknown> {
  const title = payload.estateTitle;
  return title && typeof title === "object" ? { ...payload, estateTitle: localize(title as Record<string, string>, locale) } : payload;
}
