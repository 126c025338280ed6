/**
 * Which booking e-mails a person gets (services/messaging/booking-mail.ts):
 * - POST /api/v1/mail/unsubscribe {u, k, s}: the unsubscribe link of one mail turns its kind off
 *   without signing in; `s` signs the person and the kind, so nobody can turn off another's mail.
 * - GET and PUT /api/v1/profile/mail_settings: the profile's e-mail page, signed in.
 */
import crypto from "node:crypto";
import { Hono } from "hono";
import { and, eq, notInArray } from "drizzle-orm";
import { MAILED_KINDS, mailSettingsSchema, unsubscribeSchema, type MailSettings } from "../../../contract/mail";
import { mailOptOuts, users } from "../../db/schema";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps, ApiEnv } from "../../lib/context";
import { HttpError } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { parseBody } from "../../lib/validation";
import { unsubscribeSignature } from "../../services/messaging/booking-mail";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const atMailSettings = pathsUnder("/api/v1/profile");
const atMailUnsubscribe = pathsUnder("/api/v1/mail");

export function mailUnsubscribeRoutes({ db, auth }: AccountDeps) {
  return new Hono<ApiEnv>().post(atMailUnsubscribe(endpoints.mailUnsubscribe), async (c) => {
    const { u, k, s } = await parseBody(c, unsubscribeSchema);
    const expected = Buffer.from(unsubscribeSignature(auth.secret, u, k));
    const given = Buffer.from(s);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new HttpError(404, { key: "notFound" });
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, u)).limit(1);
    if (!user) throw new HttpError(404, { key: "notFound" });
    await db.insert(mailOptOuts).values({ userId: u, kind: k }).onConflictDoNothing();
    return ok(c, endpoints.mailUnsubscribe, { kind: k });
  });
}

export function mailSettingsRoutes({ db, auth }: AccountDeps) {
  const settingsOf = async (userId: number): Promise<MailSettings> => {
    const [user] = await db.select({ email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    const off = new Set((await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId))).map((r) => r.kind));
    return { email: user?.email ?? null, emailConfirmed: Boolean(user?.verified), kinds: MAILED_KINDS.map((kind) => ({ kind, on: !off.has(kind) })) };
  };
  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth))
    .get(atMailSettings(endpoints.mailSettings), async (c) => ok(c, endpoints.mailSettings, await settingsOf(c.get("user").id)))
    .put(atMailSettings(endpoints.mailSettingsSave), async (c) => {
      const { on } = await parseBody(c, mailSettingsSchema);
      const userId = c.get("user").id;
      const off = MAILED_KINDS.filter((kind) => !on.includes(kind));
      await db.transaction(async (tx) => {
        if (off.length) await tx.insert(mailOptOuts).values(off.map((kind) => ({ userId, kind }))).onConflictDoNothing();
        // The kinds now on lose their opt-out row.
        await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), notInArray(mailOptOuts.kind, off.length ? off : ["-"])));
      });
      return ok(c, endpoints.mailSettingsSave, await settingsOf(userId));
    });
}
