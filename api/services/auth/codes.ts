/**
 * One-time codes (SPEC section 5): 6 digits, valid 5 minutes, 5 tries, a new one after 60 seconds
 * and at most 3 per recipient in 10 minutes. Stored as an HMAC so a database leak reveals none.
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

export type CodePurpose = "register" | "reset_password" | "phone_link" | "phone_unlink" | "email_link" | "delete_account";

export const CODE_RULES = { ttlSeconds: 300, resendSeconds: 60, maxTries: 5, maxPerWindow: 3, windowSeconds: 600 };

const TEXT: Record<Locale, (code: string) => string> = {
  ru: (code) => `Код Konok: ${code}. Никому не сообщайте его.`,
  en: (code) => `Konok code ${code}. Do not share it with anyone.`,
  ky: (code) => `Konok коду: ${code}. Аны эч кимге айтпаңыз.`,
};
const SUBJECT: Record<Locale, string> = { ru: "Код подтверждения Konok", en: "Your Konok confirmation code", ky: "Konok ырастоо коду" };

const hashCode = (secret: string, purpose: CodePurpose, target: string, code: string) =>
  crypto.createHmac("sha256", secret).update(`${purpose}:${target}:${code}`).digest("hex");

export async function sendCode(
  db: Db,
  deps: { secret: string; messages: MessageProvider },
  request: { purpose: CodePurpose; target: string; channel: "sms" | "email"; userId?: number; locale: Locale },
): Promise<CodeSentResponse> {
  const { purpose, target } = request;
  // The resend pause is per flow; the window limit counts every code to the recipient, so no
  // mix of flows can pump SMS to one number.
  const recent = await db
    .select({ createdAt: verificationCodes.createdAt, purpose: verificationCodes.purpose })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), gt(verificationCodes.createdAt, sql`now() - make_interval(secs => ${CODE_RULES.windowSeconds})`)))
    .orderBy(desc(verificationCodes.createdAt));
  const now = Date.now();
  const lastOfFlow = recent.find((r) => r.purpose === purpose);
  if (lastOfFlow) {
    const wait = CODE_RULES.resendSeconds - Math.floor((now - lastOfFlow.createdAt.getTime()) / 1000);
    if (wait > 0) throw new HttpError(429, { key: "resendWait", params: { seconds: wait } }, undefined, wait);
  }
  if (recent.length >= CODE_RULES.maxPerWindow) {
    const oldest = recent[recent.length - 1].createdAt.getTime();
    const wait = Math.max(1, CODE_RULES.windowSeconds - Math.floor((now - oldest) / 1000));
    throw new HttpError(429, { key: "tooManyCodes", params: { minutes: Math.ceil(wait / 60) } }, undefined, wait);
  }

  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  // Only the newest code of a purpose is valid: asking again retires the earlier one.
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  await db.insert(verificationCodes).values({
    purpose,
    target,
    userId: request.userId ?? null,
    codeHash: hashCode(deps.secret, purpose, target, code),
    expiresAt: new Date(now + CODE_RULES.ttlSeconds * 1000),
  });
  if (request.channel === "sms") await deps.messages.sendSms(target, TEXT[request.locale](code));
  else await deps.messages.sendEmail(target, SUBJECT[request.locale], TEXT[request.locale](code));
  return { target, expiresIn: CODE_RULES.ttlSeconds, resendIn: CODE_RULES.resendSeconds };
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
