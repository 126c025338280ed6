/**
 * The confirmation code in progress on the account pages: which flow, the e-mail or phone number
 * the code went to, and when. It lives in the session's `pending` key between the page that sends
 * the code and the page that takes it, encrypted like the tokens (the cookie is only signed, and
 * an e-mail address or phone number is personal data).
 */
import crypto from "node:crypto";
import type { AppLoadContext, Session } from "@remix-run/node";
import { INTL_LOCALE, TIME_ZONE, type Locale } from "~/i18n/config";

export type PendingPurpose = "email_link" | "phone_link" | "phone_unlink" | "delete_account";
export type Pending = { purpose: PendingPurpose; target: string; sentAt: number };

/** The API's code rules (SPEC section 5 as built): a code is valid 5 minutes, a new one after 60 seconds. */
export const RESEND_SECONDS = 60;
/** How long the page remembers where the code went: past the code's life, so "send again" still works. */
const PENDING_TTL_SECONDS = 30 * 60;

const PURPOSES: readonly PendingPurpose[] = ["email_link", "phone_link", "phone_unlink", "delete_account"];
const keyFor = (secret: string) => crypto.createHash("sha256").update(`konok-profile-pending:${secret}`).digest();

function seal(value: Pending, context: AppLoadContext): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(context.config.sessionSecret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `p1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

function open(sealed: unknown, context: AppLoadContext): Pending | null {
  // The key is shared with the sign-up and reset flows, which store their own format there.
  if (typeof sealed !== "string" || !sealed.startsWith("p1.")) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(context.config.sessionSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const value = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as Pending;
    return PURPOSES.includes(value.purpose) && typeof value.target === "string" && typeof value.sentAt === "number" ? value : null;
  } catch {
    return null;
  }
}

/** The code in progress for this flow, for half an hour after it was sent; null otherwise. */
export function readPending(session: Session, context: AppLoadContext, purpose: PendingPurpose, now = Date.now()): Pending | null {
  const pending = open(session.get("pending"), context);
  if (!pending || pending.purpose !== purpose) return null;
  return now - pending.sentAt < PENDING_TTL_SECONDS * 1000 ? pending : null;
}

export function setPending(session: Session, context: AppLoadContext, purpose: PendingPurpose, target: string, now = Date.now()): void {
  session.set("pending", seal({ purpose, target, sentAt: now }, context));
}

export function clearPending(session: Session): void {
  session.unset("pending");
}

/**
 * When a new code may be asked for: seconds from now (for the live countdown) and the clock time
 * in Bishkek rounded up to the minute (for the page without JavaScript: "after 14:33").
 */
export function resendInfo(pending: Pending, locale: Locale, now = Date.now()) {
  const at = pending.sentAt + RESEND_SECONDS * 1000;
  const secondsLeft = Math.max(0, Math.ceil((at - now) / 1000));
  const roundedUp = Math.ceil(at / 60_000) * 60_000;
  const time = new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: TIME_ZONE }).format(roundedUp);
  return { secondsLeft, time, sentAt: pending.sentAt };
}
