/**
 * POST /api/v1/socket/auth: signs a realtime socket's access. With `channel_name` it authorises a
 * private channel (the caller's own, or a conversation they take part in); without it, it signs
 * the user in (pusher-js `signin`). The web app's /pusher/auth and /pusher/user-auth call this.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { HttpError } from "../../lib/http-errors";
import { parseBodyOf } from "../../lib/request";
import { mayJoinChannel } from "../../services/chat/conversations";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/socket");

const authSchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, "socket_id is malformed"),
  channel_name: z.string().min(1).max(164).optional(),
});

export function socketRoutes(deps: AccountDeps) {
  const { db } = deps;
  return new Hono<AuthedEnv>().use("*", requireUser(db, deps.auth)).post(at(endpoints.socketAuth), async (c) => {
    // pusher-js posts form-encoded; the web app forwards JSON. Both are accepted.
    const type = c.req.header("Content-Type") ?? "";
    const raw = type.includes("application/json") ? await c.req.json().catch(() => ({})) : Object.fromEntries(new URLSearchParams(await c.req.text()));
    const input = parseBodyOf(endpoints.socketAuth, authSchema, raw);
    const realtime = deps.realtime;
    if (!realtime) throw new HttpError(404, "realtimeOff");
    const user = c.get("user");
    if (input.channel_name === undefined) {
      // The protocol's user authentication: the answer is returned as pusher-js expects it, bare.
      return c.json(realtime.pusher.authenticateUser(input.socket_id, { id: String(user.id), user_info: { name: user.firstName } }));
    }
    if (!(await mayJoinChannel(db, user.id, input.channel_name))) throw new HttpError(403, "channelForbidden");
    return c.json(realtime.pusher.authorizeChannel(input.socket_id, input.channel_name));
  });
}
