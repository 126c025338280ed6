/**
 * GET /api/dev/outbox?recipient=…: what the embedded SMS and e-mail providers "sent". Mounted only
 * outside production, for people trying the app locally and for the browser tests, which read
 * codes here the way a developer reads them in the server log.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AccountDeps, ApiEnv } from "../lib/context";
import { okOutsideMap } from "../lib/respond";
// The tests' outbox is no endpoint of the map (tests/unit/endpoints.test.ts), so there is no entry to check its query against.
// eslint-disable-next-line no-restricted-imports
import { parseQuery } from "../lib/validation";
import { recentOutbox } from "../services/messaging/dev-outbox";

const query = z.object({ recipient: z.string().trim().min(3).max(254) });

export function devRoutes({ db, cipher }: AccountDeps) {
  return new Hono<ApiEnv>().get("/outbox", async (c) => {
    const { recipient } = parseQuery(c, query);
    return okOutsideMap(c, { messages: await recentOutbox(db, cipher, recipient) });
  });
}
