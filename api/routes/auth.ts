/**
 * Sign-in, token refresh, sign-up and password reset: POST /api/login, /api/logout,
 * /api/refresh/token, /api/register/*, /api/password/reset/*.
 */
import { Hono, type Context } from "hono";
import crypto from "node:crypto";
import {
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  resetSendCodeSchema,
  resetVerifyCodeSchema,
  sendPhoneCodeSchema,
  verifyPhoneCodeSchema,
  type LoginResponse,
} from "../../contract/account";
import { clientIp } from "../lib/auth";
import type { AccountDeps, ApiEnv } from "../lib/context";
import { fieldError, HttpError } from "../lib/http-errors";
import { hashPassword, verifyPassword } from "../lib/password";
import { ok } from "../lib/respond";
import { bodyOf } from "../lib/request";
import { answerFrom } from "../services/auth/code-challenge";
import { CODE_RULES, limitCodeRequests, resendSecondsOf, sendCode, verifyCode, type CodePurpose } from "../services/auth/codes";
import { deviceTokenFor, issueDeviceToken } from "../services/auth/device";
import { signJwt, verifyJwt } from "../services/auth/jwt";
import { issueTokens, revokeAllForUser, revokeByToken, rotateRefreshToken } from "../services/auth/tokens";
import { referrerIdOf } from "../services/referrals";
import { findUserByEmail, findUserByPhone, insertUserUnlessTaken, newReferralCode, presentUser, replacePasswordIf } from "../services/users";
import { endpoints } from "../../contract/endpoints";
import { pathsUnder } from "../lib/endpoint-path";

const at = pathsUnder("/api");

/** A real hash to check against when the number is unknown, so both answers take as long. */
const decoyHash = hashPassword("konok-decoy-password");

/** A short digest of the stored password hash (or of its absence) for single-use reset proofs. */
const passwordFingerprint = (passwordHash: string | null | undefined) =>
  crypto.createHash("sha256").update(passwordHash ?? "-").digest("base64url").slice(0, 22);

/** How long a proved phone number may be used to finish sign-up or reset. */
const VERIFICATION_TTL_SECONDS = 30 * 60;

/**
 * After 5 wrong passwords for one account (from any address) each further try waits a little
 * longer, up to 5 seconds: slow for a distributed guesser, a moment for the owner.
 */
const pauseAfterFailures = (failures: number) =>
  failures < 5 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, Math.min(5000, (failures - 4) * 500)));

export function authRoutes(deps: AccountDeps) {
  const { db, auth, limits } = deps;

  const limitCodesPerIp = (c: Context<ApiEnv>) => limitCodeRequests(limits, { ip: clientIp(c) }, { secret: auth.secret, answer: answerFrom((name) => c.req.header(name)) });

  /** `pwd` ties a reset proof to the password it replaces, so it dies once that password changes. */
  function verificationToken(purpose: CodePurpose, target: string, pwd?: string) {
    return signJwt({ typ: "verify", purpose, target, ...(pwd !== undefined && { pwd }) }, auth.secret, VERIFICATION_TTL_SECONDS);
  }

  function provedClaims(c: Context<ApiEnv>, token: string, purpose: CodePurpose): { target: string; pwd?: string } {
    const claims = verifyJwt(token, auth.secret);
    if (!claims || claims.typ !== "verify" || claims.purpose !== purpose || typeof claims.target !== "string") {
      throw fieldError("verificationToken", "verificationExpired");
    }
    return { target: claims.target, pwd: typeof claims.pwd === "string" ? claims.pwd : undefined };
  }
  const provedTarget = (c: Context<ApiEnv>, token: string, purpose: CodePurpose) => provedClaims(c, token, purpose).target;
  /** The live account a reset is for: by its phone, or by its e-mail only once that was confirmed (as sign-in). */
  const resetAccountOf = async (by: { phoneNumber?: string; email?: string }) => {
    const user = by.phoneNumber ? await findUserByPhone(db, by.phoneNumber) : await findUserByEmail(db, by.email!);
    if (!user || user.deletedAt) return null;
    return by.phoneNumber || user.emailVerifiedAt ? user : null;
  };

  return new Hono<ApiEnv>()
    .post(at(endpoints.login), async (c) => {
      const input = await bodyOf(c, endpoints.login, loginSchema);
      const ip = clientIp(c);
      const account = input.phoneNumber ?? input.email ?? "";
      // Failures count per account and address pair, and per address: a stranger guessing from one
      // address is stopped without locking the owner, who signs in from another (decision 0017).
      const pair = `${account}|${ip}`;
      const pairWait = await limits.loginFailuresPerPair.retryAfter(pair);
      if (pairWait) throw new HttpError(429, { key: "tooManyLogins", params: { minutes: Math.ceil(pairWait / 60) } }, undefined, pairWait);
      // Per account alone only a growing pause: guesses spread over many addresses are slowed, the
      // owner's right password still works.
      await pauseAfterFailures(await limits.loginFailuresPerAccount.count(account));

      const user = input.phoneNumber ? await findUserByPhone(db, input.phoneNumber) : await findUserByEmail(db, input.email!);
      // Failed sign-ins per address (successful ones never count: carrier NAT puts a whole evening's
      // customers behind one address). A browser that signed in to this account before passes it
      // with its device token; the pair limit above holds for it too.
      const knownDevice = user ? deviceTokenFor(auth.secret, input.deviceToken, user.id) : false;
      const ipWait = knownDevice ? 0 : await limits.loginFailuresPerIp.retryAfter(ip);
      if (ipWait) throw new HttpError(429, { key: "tooManyLogins", params: { minutes: Math.ceil(ipWait / 60) } }, undefined, ipWait);
      const emailUsable = !input.phoneNumber ? user?.emailVerifiedAt != null : true;
      // Hash even for an unknown number, so the answer time does not reveal which numbers exist.
      const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
      if (!user || !user.passwordHash || user.deletedAt || !emailUsable || !valid) {
        await Promise.all([limits.loginFailuresPerPair.hit(pair), limits.loginFailuresPerAccount.hit(account), limits.loginFailuresPerIp.hit(ip)]);
        throw fieldError("password", "wrongCredentials");
      }
      await Promise.all([limits.loginFailuresPerPair.reset(pair), limits.loginFailuresPerAccount.reset(account)]);
      // Said only to whoever knows the password: a blocked account is no secret from its owner.
      if (user.blockedAt) throw fieldError("password", "accountBlocked");
      const tokens = await issueTokens(db, user.id, auth);
      return ok(c, endpoints.login, { ...tokens, userData: presentUser(user), deviceToken: issueDeviceToken(auth.secret, user.id) });
    })
    .post(at(endpoints.refreshToken), async (c) => {
      const { refreshToken } = await bodyOf(c, endpoints.refreshToken, refreshSchema);
      return ok(c, endpoints.refreshToken, await rotateRefreshToken(db, refreshToken, auth));
    })
    .post(at(endpoints.logout), async (c) => {
      const { refreshToken } = await bodyOf(c, endpoints.logout, refreshSchema);
      await revokeByToken(db, refreshToken);
      return ok(c, endpoints.logout, {});
    })
    .post(at(endpoints.registerSendCode), async (c) => {
      const { phoneNumber } = await bodyOf(c, endpoints.registerSendCode, sendPhoneCodeSchema);
      // Limited before the lookup: "already registered" must not answer an unlimited enumeration.
      await limitCodesPerIp(c);
      if (await findUserByPhone(db, phoneNumber)) {
        throw fieldError("phoneNumber", "phoneTaken");
      }
      return ok(c, endpoints.registerSendCode, await sendCode(db, deps, { purpose: "register", target: phoneNumber, channel: "sms", locale: c.get("locale") }));
    })
    .post(at(endpoints.registerVerifyCode), async (c) => {
      const { phoneNumber, code } = await bodyOf(c, endpoints.registerVerifyCode, verifyPhoneCodeSchema);
      await verifyCode(db, auth.secret, { purpose: "register", target: phoneNumber, code });
      return ok(c, endpoints.registerVerifyCode, { verificationToken: verificationToken("register", phoneNumber) });
    })
    .post(at(endpoints.register), async (c) => {
      const locale = c.get("locale");
      const input = await bodyOf(c, endpoints.register, registerSchema);
      const phone = provedTarget(c, input.verificationToken, "register");
      let referredById: number | null = null;
      if (input.referralCode) {
        referredById = await referrerIdOf(db, input.referralCode);
        if (referredById === null) throw fieldError("referralCode", "referralUnknown");
      }
      const passwordHash = await hashPassword(input.password);
      // Null when the number was taken meanwhile (services/users.ts).
      const user = await insertUserUnlessTaken(db, {
        phone,
        passwordHash,
        firstName: input.firstName ?? "",
        lastName: input.lastName ?? "",
        mode: input.mode ?? "guest",
        locale: input.locale ?? locale,
        referralCode: newReferralCode(),
        referredById,
      });
      if (!user) throw fieldError("phoneNumber", "phoneTaken");
      const tokens = await issueTokens(db, user.id, auth);
      return ok(c, endpoints.register, { ...tokens, userData: presentUser(user), deviceToken: issueDeviceToken(auth.secret, user.id) } satisfies LoginResponse, 201);
    })
    .post(at(endpoints.resetSendCode), async (c) => {
      const input = await bodyOf(c, endpoints.resetSendCode, resetSendCodeSchema);
      await limitCodesPerIp(c);
      const target = input.phoneNumber ?? input.email!;
      const user = await resetAccountOf(input);
      // The same answer whether or not the number or address has an account, so this cannot list
      // our users; an unknown one simply receives nothing.
      if (!user) return ok(c, endpoints.resetSendCode, { target, expiresIn: CODE_RULES.ttlSeconds, resendIn: resendSecondsOf(deps) });
      return ok(
        c,
        endpoints.resetSendCode,
        await sendCode(db, deps, { purpose: "reset_password", target, channel: input.phoneNumber ? "sms" : "email", userId: user.id, locale: c.get("locale") }),
      );
    })
    .post(at(endpoints.resetVerifyCode), async (c) => {
      const input = await bodyOf(c, endpoints.resetVerifyCode, resetVerifyCodeSchema);
      const target = input.phoneNumber ?? input.email!;
      await verifyCode(db, auth.secret, { purpose: "reset_password", target, code: input.code });
      const user = await resetAccountOf(input);
      return ok(c, endpoints.resetVerifyCode, { verificationToken: verificationToken("reset_password", target, passwordFingerprint(user?.passwordHash)) });
    })
    .post(at(endpoints.resetPassword), async (c) => {
      const input = await bodyOf(c, endpoints.resetPassword, resetPasswordSchema);
      const proof = provedClaims(c, input.verificationToken, "reset_password");
      const phone = proof.target;
      const user = await resetAccountOf(phone.includes("@") ? { email: phone } : { phoneNumber: phone });
      if (!user) throw fieldError("phoneNumber", "phoneUnknown");
      const spent = () => fieldError("verificationToken", "verificationExpired");
      // Single use: the proof names the password it replaces, and the UPDATE is conditional on that
      // password still being in place, so of two racing uses exactly one wins.
      if (proof.pwd === undefined || proof.pwd !== passwordFingerprint(user.passwordHash)) throw spent();
      if (!(await replacePasswordIf(db, user.id, user.passwordHash, await hashPassword(input.password)))) throw spent();
      // A reset means someone else may know the old password: end every other session.
      await revokeAllForUser(db, user.id);
      await limits.loginFailuresPerAccount.reset(phone);
      // The new password stands, but a blocked account gets no session with it.
      if (user.blockedAt) throw fieldError("password", "accountBlocked");
      const tokens = await issueTokens(db, user.id, auth);
      return ok(c, endpoints.resetPassword, { ...tokens, userData: presentUser(user), deviceToken: issueDeviceToken(auth.secret, user.id) });
    });
}
