/**
 * The caller's notifications (GET/PUT /api/v1/notifications), unread counts (GET /api/v1/unread_data)
 * and a signed-in page's own data: saved ids and unread counts together (GET /api/v1/page_data).
 */
import { Hono } from "hono";
import { z } from "zod";
import { paginationSchema } from "../../../contract/common";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { bodyOf, queryOf } from "../../lib/request";
import { unreadCounts } from "../../services/chat/conversations";
import { markNotificationsRead, notificationPage } from "../../services/notifications";
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
      const { page, perPage } = queryOf(c, endpoints.notifications, paginationSchema);
      const { items, total } = await notificationPage(db, c.get("user").id, page, perPage, c.get("locale"));
      return ok(c, endpoints.notifications, { items, page, perPage, total, hasMore: page * perPage < total });
    })
    .put(at(endpoints.notificationsRead), async (c) => {
      const { ids } = await bodyOf(c, endpoints.notificationsRead, markReadSchema);
      await markNotificationsRead(db, c.get("user").id, ids);
      return ok(c, endpoints.notificationsRead, {});
    })
    .get(at(endpoints.unreadData), async (c) => ok(c, endpoints.unreadData, await unreadCounts(db, c.get("user").id)))
    // The root loader's one call per signed-in page (the favourites' ids and unread_data).
    .get(at(endpoints.pageData), async (c) => ok(c, endpoints.pageData, await pageData(db, c.get("user").id)));
}
