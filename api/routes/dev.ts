/**
 * GET /api/dev/outbox?recipient=…: what the embedded SMS and e-mail providers "sent". Mounted only
 * outside production, for people trying the app locally and for the browser tests, which read
 * codes here the way a developer reads them in the server log.
 */
import { Hono } from "hono";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { emailOutbox, smsOutbox } from "../db/schema";
import type { AccountDeps, ApiEnv } from "../lib/context";
import { okOutsideMap } from "../lib/respond";
import { parseQuery } from "../lib/validation";

const query = z.object({ recipient: z.string().trim().min(3).max(254) });

export type OutboxMessage = { channel: "sms" | "email"; recipient: string; body: string; createdAt: string };

export function devRoutes({ db, cipher }: AccountDeps) {
  return new Hono<ApiEnv>().get("/outbox", async (c) => {
    const { recipient } = parseQuery(c, query);
    const phone = recipient.replace(/[\s()+-]/g, "");
    const [sms, mail] = await Promise.all([
      db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(10),
      db.select().from(emailOutbox).where(eq(emailOutbox.email, recipient.toLowerCase())).orderBy(desc(emailOutbox.id)).limit(10),
    ]);
    const messages: OutboxMessage[] = [
      // The text is sealed at rest (and gone once sent, unless the outbox keeps it for this route).
      ...sms.map((m) => ({ channel: "sms" as const, recipient: m.phone, body: m.body === null ? "" : cipher.open(m.body), createdAt: m.createdAt.toISOString() })),
      ...mail.map((m) => ({ channel: "email" as const, recipient: m.email, body: m.body === null ? "" : cipher.open(m.body), createdAt: m.createdAt.toISOString() })),
    ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return okOutsideMap(c, { messages });
  });
}
