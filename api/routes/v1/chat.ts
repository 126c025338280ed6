/**
 * Conversations (GET/POST /api/v1/chat, GET /api/v1/chat/{id}, POST /api/v1/chat/{id}/messages,
 * PUT /api/v1/chat/{id}/read). Only the two participants reach one; anyone else gets 404.
 */
import { Hono } from "hono";
import { z } from "zod";
import { chatListQuerySchema, sendMessageSchema, startChatSchema, threadQuerySchema } from "../../../contract/chat";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { parseInput } from "../../lib/validation";
import { bodyOf, queryOf } from "../../lib/request";
import { listChats, loadThread, markRead, sendMessage, startChat } from "../../services/chat/conversations";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/chat");

const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export function chatRoutes(deps: AccountDeps) {
  const { db } = deps;
  const realtime = deps.realtime ?? null;
  return new Hono<AuthedEnv>()
    .use("*", requireUser(db, deps.auth))
    .get(at(endpoints.chats), async (c) => {
      const query = queryOf(c, endpoints.chats, chatListQuerySchema);
      return ok(c, endpoints.chats, await listChats(db, c.get("user").id, c.get("locale"), query));
    })
    .post(at(endpoints.chatStart), async (c) => {
      const from = await bodyOf(c, endpoints.chatStart, startChatSchema);
      return ok(c, endpoints.chatStart, { id: await startChat(db, c.get("user").id, from) });
    })
    .get(at(endpoints.chat), async (c) => {
      const { id } = parseInput(idParam, c.req.param(), "id");
      const { before } = queryOf(c, endpoints.chat, threadQuerySchema);
      return ok(c, endpoints.chat, await loadThread(db, c.get("user").id, id, c.get("locale"), before));
    })
    .post(at(endpoints.chatSend), async (c) => {
      const { id } = parseInput(idParam, c.req.param(), "id");
      const { body } = await bodyOf(c, endpoints.chatSend, sendMessageSchema);
      return ok(c, endpoints.chatSend, await sendMessage(db, realtime, c.get("user"), id, body));
    })
    .put(at(endpoints.chatRead), async (c) => {
      const { id } = parseInput(idParam, c.req.param(), "id");
      return ok(c, endpoints.chatRead, await markRead(db, realtime, c.get("user").id, id));
    });
}
