/**
 * One-time codes (SPEC section 5): 6 digits, valid 5 minutes, 5 tries, a new one after 60 seconds
 * and at most 3 per recipient in 10 minutes. Stored as an HMAC so a database leak reveals none.
 *
 * Who may ask for codes, in one place (issue 26; docs/operations.md, "Limits"):
 * - per recipient (number or e-mail): the rules above, checked and written under a lock on the
 *   recipient (`sendCode`), so parallel requests cannot all pass the check before one writes;
 * - per signed-in account: 10 requests an hour, whatever the recipient (`limitCodeRequests`);
 * - per address: 300 requests an hour (carrier NAT puts many phones behind one address); over
 *   it a request gets a challenge (a proof of work, or a wait) instead of a lock-out.
 * The account and address limits count every request before the recipient is looked up, so
 * "already registered" answers are limited like codes.
 */
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Locale } from "../../../contract/common";
import type { CodeSentResponse } from "../../../contract/account";
import type { Db } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import { fieldError, HttpError } from "../../lib/http-errors";
import type { MessageKey, MessageParams } from "../../lib/messages";
import type { MessageProvider } from "./messages";
import { checkSmsCaps, DEFAULT_SMS_CAPS, type SmsCaps } from "../messaging/sms-caps";
import { CHALLENGE_FIELD } from "../../../contract/code-challenge";
import { issueChallenge, redeemChallenge, type ChallengeAnswer } from "./code-challenge";
import type { RateLimits } from "./rate-limit";

export type CodePurpose = "register" | "reset_password" | "phone_link" | "phone_unlink" | "email_link" | "delete_account";

export const CODE_RULES = { ttlSeconds: 300, resendSeconds: 60, maxTries: 5, maxPerWindow: 3, windowSeconds: 600 };

/**
 * The pause before a new code of the same flow: CODE_RULES' 60 s unless the host process gives
 * another (CODE_RESEND_SECONDS, refused in production: tests of the resend shorten it instead of
 * waiting a minute).
 */
export const resendSecondsOf = (deps: { codeResendSeconds?: number }) => deps.codeResendSeconds ?? CODE_RULES.resendSeconds;

const TEXT: Record<Locale, (code: string) => string> = {
  ru: (code) => `Код Konok: ${code}. Никому не сообщайте его.`,
  en: (code) => `Konok code ${code}. Do not share it with anyone.`,
  ky: (code) => `Konok коду: ${code}. Аны эч кимге айтпаңыз.`,
};
const SUBJECT: Record<Locale, string> = { ru: "Код подтверждения Konok", en: "Your Konok confirmation code", ky: "Konok ырастоо коду" };

const hashCode = (secret: string, purpose: CodePurpose, target: string, code: string) =>
  crypto.createHmac("sha256", secret).update(`${purpose}:${target}:${code}`).digest("hex");

/** Advisory-lock class of "codes to one recipient" (the second key is the recipient's hash). */
const RECIPIENT_LOCK_CLASS = 26_002;

/**
 * Counts one code request against the address and, when signed in, the account, and refuses it
 * with 429 over either limit. Call it first, before looking the recipient up.
 */
export async function limitCodeRequests(
  limits: RateLimits,
  who: { ip: string; userId?: number },
  challenge?: { secret: string; answer?: ChallengeAnswer },
): Promise<void> {
  // Each limiter counts and checks in one step, so parallel requests cannot slip past the limit.
  const accountWait = who.userId === undefined ? 0 : await limits.codesPerAccount.consume(String(who.userId));
  if (accountWait) throw new HttpError(429, { key: "tooManyCodesAccount", params: { minutes: Math.ceil(accountWait / 60) } }, undefined, accountWait);
  // Over the address limit a request passes with a challenge it solved or waited for (decision 0073).
  if (challenge?.answer) {
    const redeemed = await redeemChallenge(challenge.secret, limits, who.ip, challenge.answer);
    if (redeemed.outcome === "passed") return;
    if (redeemed.outcome === "early") throw challengeError(challenge.answer.token, redeemed.waitSeconds);
  }
  const ipWait = await limits.codesPerIp.consume(who.ip);
  if (!ipWait) return;
  if (!challenge) throw new HttpError(429, { key: "tooManyRequests", params: { minutes: Math.ceil(ipWait / 60) } }, undefined, ipWait);
  const issued = await issueChallenge(challenge.secret, limits, who.ip);
  throw challengeError(issued.token, issued.waitSeconds);
}

/** 429 with the challenge: its token in `errors.challenge`, the wait in the message and Retry-After. */
const challengeError = (token: string, waitSeconds: number) => {
  const text = { key: "codeChallenge" as const, params: { seconds: waitSeconds } };
  return new HttpError(429, text, { [CHALLENGE_FIELD]: [{ ref: token }] }, waitSeconds);
};

export async function sendCode(
  db: Db,
  deps: { secret: string; messages: MessageProvider; smsCaps?: SmsCaps; codeResendSeconds?: number },
  request: { purpose: CodePurpose; target: string; channel: "sms" | "email"; userId?: number; locale: Locale },
): Promise<CodeSentResponse> {
  const { purpose, target } = request;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  // Check and write under a lock on the recipient: without it, 30 parallel requests for one number
  // all passed the check before any wrote, and up to 11 SMS went out (issue 26). On PostgreSQL
  // the advisory lock makes them wait in turn; PGlite runs one transaction at a time anyway.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECIPIENT_LOCK_CLASS}, hashtext(${target}))`);
    // The resend pause is per flow; the window limit counts every code to the recipient, so no
    // mix of flows can pump SMS to one number.
    const recent = await tx
      .select({ createdAt: verificationCodes.createdAt, purpose: verificationCodes.purpose })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), gt(verificationCodes.createdAt, sql`clock_timestamp() - make_interval(secs => ${CODE_RULES.windowSeconds})`)))
      .orderBy(desc(verificationCodes.createdAt));
    const now = Date.now();
    const lastOfFlow = recent.find((r) => r.purpose === purpose);
    if (lastOfFlow) {
      const wait = resendSecondsOf(deps) - Math.floor((now - lastOfFlow.createdAt.getTime()) / 1000);
      if (wait > 0) throw new HttpError(429, { key: "resendWait", params: { seconds: wait } }, undefined, wait);
    }
    if (recent.length >= CODE_RULES.maxPerWindow) {
      const oldest = recent[recent.length - 1].createdAt.getTime();
      const wait = Math.max(1, CODE_RULES.windowSeconds - Math.floor((now - oldest) / 1000));
      throw new HttpError(429, { key: "tooManyCodes", params: { minutes: Math.ceil(wait / 60) } }, undefined, wait);
    }
    // The caps against SMS pumping: country, 5 a day per number, per range, per day in all.
    if (request.channel === "sms") await checkSmsCaps(tx, deps.smsCaps ?? DEFAULT_SMS_CAPS, target);
    // Only the newest code of a purpose is valid: asking again retires the earlier one.
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
    // The row's time is the moment of writing (not the transaction's start, which may be before
    // the wait for the lock), so the next request's check sees the true order.
    await tx.insert(verificationCodes).values({
      purpose,
      target,
      userId: request.userId ?? null,
      codeHash: hashCode(deps.secret, purpose, target, code),
      createdAt: sql`clock_timestamp()`,
      expiresAt: new Date(now + CODE_RULES.ttlSeconds * 1000),
    });
  });
  // After the commit: the outbox writes with its own connection, which on PGlite would wait for
  // this transaction to end. It sends in the background; a code is not worth sending once expired.
  if (request.channel === "sms") await deps.messages.sendSms(target, TEXT[request.locale](code), { kind: "code", ttlSeconds: CODE_RULES.ttlSeconds });
  else await deps.messages.sendEmail(target, SUBJECT[request.locale], TEXT[request.locale](code), { kind: "code", ttlSeconds: CODE_RULES.ttlSeconds });
  return { target, expiresIn: CODE_RULES.ttlSeconds, resendIn: resendSecondsOf(deps) };
}

/**
 * Spends the code when it is right; otherwise counts a try and answers 422 on the `code` field.
 * Counting comes first and is one conditional UPDATE (`attempts < maxTries`): a guess is compared
 * only after it won one of the five tries, so no number of parallel requests can compare a sixth
 * guess, on PGlite or on PostgreSQL.
 */
export async function verifyCode(db: Db, secret: string, request: { purpose: CodePurpose; target: string; code: string }): Promise<void> {
  const { purpose, target, code } = request;
  const fail = (key: MessageKey, params?: MessageParams) => fieldError("code", key, params);
  const [latest] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) throw fail("codeExpired");

  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
        lt(verificationCodes.attempts, CODE_RULES.maxTries),
      ),
    )
    .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
  if (!row) {
    const [spent] = await db.select({ attempts: verificationCodes.attempts, expiresAt: verificationCodes.expiresAt }).from(verificationCodes).where(eq(verificationCodes.id, latest.id));
    const tooMany = spent && spent.attempts >= CODE_RULES.maxTries && spent.expiresAt.getTime() > Date.now();
    throw fail(tooMany ? "codeTooManyTries" : "codeExpired");
  }

  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(hashCode(secret, purpose, target, code), "hex");
  if (!crypto.timingSafeEqual(expected, given)) {
    const left = CODE_RULES.maxTries - row.attempts;
    throw left > 0 ? fail("codeWrong", { left }) : fail("codeTooManyTries");
  }
  // Conditional on still being unspent, so one code cannot be used twice by racing requests.
  const [spent] = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!spent) throw fail("codeExpired");
}
