/**
 * Which booking e-mails a person gets (services/messaging/mail-settings.ts):
 * - POST /api/v1/mail/unsubscribe {u, k, s}: the unsubscribe link of one mail turns its kind off
 *   without signing in; `s` signs the person and the kind, so nobody can turn off another's mail.
 * - GET and PUT /api/v1/profile/mail_settings: the profile's e-mail page, signed in.
 */
import crypto from "node:crypto";
import { Hono } from "hono";
import { mailSettingsSchema, unsubscribeSchema } from "../../../contract/mail";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps, ApiEnv } from "../../lib/context";
import { HttpError } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { bodyOf, fieldsOf } from "../../lib/request";
import { unsubscribeSignature } from "../../services/messaging/booking-mail";
import { mailSettingsOf, optOut, setMailedKinds } from "../../services/messaging/mail-settings";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const atMailSettings = pathsUnder("/api/v1/profile");
const atMailUnsubscribe = pathsUnder("/api/v1/mail");

export function mailUnsubscribeRoutes({ db, auth }: AccountDeps) {
  return new Hono<ApiEnv>().post(atMailUnsubscribe(endpoints.mailUnsubscribe), async (c) => {
    const { u, k, s } = await fieldsOf(c, endpoints.mailUnsubscribe, unsubscribeSchema);
    const expected = Buffer.from(unsubscribeSignature(auth.secret, u, k));
    const given = Buffer.from(s);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new HttpError(404, { key: "notFound" });
    if (!(await optOut(db, u, k))) throw new HttpError(404, { key: "notFound" });
    return ok(c, endpoints.mailUnsubscribe, { kind: k });
  });
}

export function mailSettingsRoutes({ db, auth }: AccountDeps) {
  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth))
    .get(atMailSettings(endpoints.mailSettings), async (c) => ok(c, endpoints.mailSettings, await mailSettingsOf(db, c.get("user").id)))
    .put(atMailSettings(endpoints.mailSettingsSave), async (c) => {
      const { on } = await bodyOf(c, endpoints.mailSettingsSave, mailSettingsSchema);
      const userId = c.get("user").id;
      await setMailedKinds(db, userId, on);
      return ok(c, endpoints.mailSettingsSave, await mailSettingsOf(db, userId));
    });
}
