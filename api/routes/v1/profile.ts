/** The signed-in user's own account: /api/v1/profile/* of SPEC section 7. */
import { Hono, type Context } from "hono";
import {
  changePasswordSchema,
  codeOnlySchema,
  emailConfirmSchema,
  emailLinkSchema,
  profileUpdateSchema,
  sendPhoneCodeSchema,
  verifyPhoneCodeSchema,
  type UserData,
} from "../../../contract/account";
import { paginationSchema } from "../../../contract/common";
import { clientIp, requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { fieldError, HttpError } from "../../lib/http-errors";
import { hashPassword, verifyPassword } from "../../lib/password";
import { ok } from "../../lib/respond";
import { bodyOf, queryOf } from "../../lib/request";
import { answerFrom } from "../../services/auth/code-challenge";
import { limitCodeRequests, sendCode, verifyCode } from "../../services/auth/codes";
import { revokeAllForUser } from "../../services/auth/tokens";
import { deleteAccount, deletionPlan } from "../../services/account-deletion";
import { invitedUsersPage } from "../../services/referrals";
import { findUserByEmail, findUserByPhone, presentUser, updateUser, type UserChanges } from "../../services/users";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/profile");

export function profileRoutes(deps: AccountDeps) {
  const { db, auth } = deps;

  const update = async (userId: number, values: UserChanges): Promise<UserData> => presentUser(await updateUser(db, userId, values));

  /** Every code request of an account counts, before any lookup: "already taken" answers too. */
  const limitCodes = (c: Context<AuthedEnv>) =>
    limitCodeRequests(deps.limits, { ip: clientIp(c), userId: c.get("user").id }, { secret: deps.auth.secret, answer: answerFrom((name) => c.req.header(name)) });

  return (
    new Hono<AuthedEnv>()
      .use(requireUser(db, auth))
      .get(at(endpoints.profileUser), (c) => ok(c, endpoints.profileUser, { userData: presentUser(c.get("user")) }))
      .put(at(endpoints.profileUpdate), async (c) => {
        const input = await bodyOf(c, endpoints.profileUpdate, profileUpdateSchema);
        const { avatar, ...rest } = input;
        return ok(c, endpoints.profileUpdate, { userData: await update(c.get("user").id, { ...rest, ...(avatar !== undefined && { avatarUrl: avatar }) }) });
      })
      .put(at(endpoints.changePassword), async (c) => {
        const input = await bodyOf(c, endpoints.changePassword, changePasswordSchema);
        const user = c.get("user");
        // Limited like login: a stolen session must not become an unlimited password oracle.
        const key = String(user.id);
        const wait = await deps.limits.passwordChecksPerUser.retryAfter(key);
        if (wait) throw new HttpError(429, { key: "tooManyLogins", params: { minutes: Math.ceil(wait / 60) } }, undefined, wait);
        if (!user.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
          await deps.limits.passwordChecksPerUser.hit(key);
          throw fieldError("currentPassword", "currentPasswordWrong");
        }
        await deps.limits.passwordChecksPerUser.reset(key);
        await update(user.id, { passwordHash: await hashPassword(input.newPassword) });
        // Whoever else knew the old password keeps no session: every other one ends now.
        await revokeAllForUser(db, user.id, c.get("sessionId"));
        return ok(c, endpoints.changePassword, {});
      })
      // Phone: link a new number (code to the new number), or unlink the current one (code to it).
      .put(at(endpoints.phoneLinkSendCode), async (c) => {
        const { phoneNumber } = await bodyOf(c, endpoints.phoneLinkSendCode, sendPhoneCodeSchema);
        await limitCodes(c);
        const owner = await findUserByPhone(db, phoneNumber);
        if (owner && owner.id !== c.get("user").id) throw fieldError("phoneNumber", "phoneTaken");
        return ok(c, endpoints.phoneLinkSendCode, await sendCode(db, deps, { purpose: "phone_link", target: phoneNumber, channel: "sms", userId: c.get("user").id, locale: c.get("locale") }));
      })
      .put(at(endpoints.phoneLinkConfirm), async (c) => {
        const { phoneNumber, code } = await bodyOf(c, endpoints.phoneLinkConfirm, verifyPhoneCodeSchema);
        await verifyCode(db, auth.secret, { purpose: "phone_link", target: phoneNumber, code });
        const owner = await findUserByPhone(db, phoneNumber);
        if (owner && owner.id !== c.get("user").id) throw fieldError("phoneNumber", "phoneTaken");
        return ok(c, endpoints.phoneLinkConfirm, { userData: await update(c.get("user").id, { phone: phoneNumber }) });
      })
      .put(at(endpoints.phoneUnlinkSendCode), async (c) => {
        const user = c.get("user");
        const locale = c.get("locale");
        if (!user.phone) throw new HttpError(422, "noPhoneToUnlink");
        // Without a phone the account signs in by e-mail, so one must be confirmed first.
        if (!user.emailVerifiedAt) throw new HttpError(422, "unlinkNeedsEmail");
        await limitCodes(c);
        return ok(c, endpoints.phoneUnlinkSendCode, await sendCode(db, deps, { purpose: "phone_unlink", target: user.phone, channel: "sms", userId: user.id, locale }));
      })
      .put(at(endpoints.phoneUnlinkConfirm), async (c) => {
        const { code } = await bodyOf(c, endpoints.phoneUnlinkConfirm, codeOnlySchema);
        const user = c.get("user");
        if (!user.phone) throw new HttpError(422, "noPhoneToUnlink");
        await verifyCode(db, auth.secret, { purpose: "phone_unlink", target: user.phone, code });
        return ok(c, endpoints.phoneUnlinkConfirm, { userData: await update(user.id, { phone: null }) });
      })
      .put(at(endpoints.emailLinkSendCode), async (c) => {
        const { email } = await bodyOf(c, endpoints.emailLinkSendCode, emailLinkSchema);
        await limitCodes(c);
        const owner = await findUserByEmail(db, email);
        if (owner && owner.id !== c.get("user").id) throw fieldError("email", "emailTaken");
        return ok(c, endpoints.emailLinkSendCode, await sendCode(db, deps, { purpose: "email_link", target: email, channel: "email", userId: c.get("user").id, locale: c.get("locale") }));
      })
      .put(at(endpoints.emailLinkConfirm), async (c) => {
        const { email, code } = await bodyOf(c, endpoints.emailLinkConfirm, emailConfirmSchema);
        await verifyCode(db, auth.secret, { purpose: "email_link", target: email, code });
        const owner = await findUserByEmail(db, email);
        if (owner && owner.id !== c.get("user").id) throw fieldError("email", "emailTaken");
        return ok(c, endpoints.emailLinkConfirm, { userData: await update(c.get("user").id, { email, emailVerifiedAt: new Date() }) });
      })
      // What deleting the account does to each stay not yet over (issue 27), asked before the code.
      .get(at(endpoints.deletionPlan), async (c) => ok(c, endpoints.deletionPlan, await deletionPlan(db, c.get("user").id, c.get("locale"))))
      .put(at(endpoints.deletionSendCode), async (c) => {
        const user = c.get("user");
        // No code while a stay holds the deletion back: the page says what to do first.
        if (!(await deletionPlan(db, user.id, c.get("locale"))).canDelete) throw new HttpError(409, "accountHasStays");
        const channel = user.phone ? "sms" : "email";
        const target = user.phone ?? user.email;
        if (!target) throw new HttpError(422, "noPhoneToUnlink");
        await limitCodes(c);
        return ok(c, endpoints.deletionSendCode, await sendCode(db, deps, { purpose: "delete_account", target, channel, userId: user.id, locale: c.get("locale") }));
      })
      .put(at(endpoints.deletionConfirm), async (c) => {
        const { code } = await bodyOf(c, endpoints.deletionConfirm, codeOnlySchema);
        const user = c.get("user");
        const target = user.phone ?? user.email ?? "";
        await verifyCode(db, auth.secret, { purpose: "delete_account", target, code });
        // Stays not begun are cancelled (paid ones refunded in full) in the same transaction as the erasing.
        await deleteAccount(deps, user.id);
        return ok(c, endpoints.deletionConfirm, {});
      })
      .get(at(endpoints.invitedUsers), async (c) => {
        const { page, perPage } = queryOf(c, endpoints.invitedUsers, paginationSchema);
        const { items, total } = await invitedUsersPage(db, c.get("user").id, page, perPage);
        return ok(c, endpoints.invitedUsers, { items, page, perPage, total, hasMore: page * perPage < total });
      })
  );
}
