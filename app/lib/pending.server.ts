/**
 * Sign-up and password reset in progress, kept in the session's `pending` key between the steps
 * (phone → code → password). The session cookie is only signed, so the value is sealed with
 * AES-256-GCM like the API tokens: the API's verificationToken proves a phone number for 30
 * minutes and must never be readable (or forgeable) from the cookie jar.
 *
 * One flow at a time: starting a reset replaces a sign-up in progress and vice versa.
 */
import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { UserMode } from "../../contract/account";
import { commitSession, type getSession } from "./session.server";

type AppSession = Awaited<ReturnType<typeof getSession>>;

/** How long a flow may sit between two steps: the API's verificationToken lives 30 minutes. */
export const PENDING_TTL_MS = 30 * 60 * 1000;

export type PendingFlow = "register" | "reset";

export type Pending = {
  flow: PendingFlow;
  /** The account to create (sign-up only). */
  mode: UserMode;
  /** The country code (digits) and the national number exactly as the person typed it. */
  countryCode: string;
  phone: string;
  /** The API's phoneNumber: country code and national number, digits only ("" when by e-mail). */
  phoneNumber: string;
  /** A password reset by the account's confirmed e-mail instead of its phone (issue 27). */
  email?: string;
  /** Invitation code typed on /register (sign-up only), sent with the final /api/register. */
  referralCode?: string;
  /** When the last code was sent, when a new one may be asked for, and when it expires (ms). */
  sentAt: number;
  resendAt: number;
  codeExpiresAt: number;
  /** How many codes this flow has sent (a second one is announced on the page). */
  sends: number;
  /** The API's proof of the phone number, once the code was right. */
  verificationToken?: string;
  /** When this state stops being valid (ms). */
  expiresAt: number;
};

const keyFor = (secret: string) => crypto.createHash("sha256").update(`konok-session-pending:${secret}`).digest();

export function sealPending(pending: Pending, context: AppLoadContext): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(context.config.sessionSecret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pending), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The pending state, or null when there is none, it was tampered with, or it has expired. */
export function openPending(sealed: string | undefined, context: AppLoadContext, now = Date.now()): Pending | null {
  if (!sealed) return null;
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(context.config.sessionSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    const pending = JSON.parse(json) as Pending;
    return pending.expiresAt > now ? pending : null;
  } catch {
    return null;
  }
}

/** The pending state of one flow; another flow's state counts as none. */
export function readPending(session: AppSession, context: AppLoadContext, flow: PendingFlow): Pending | null {
  const pending = openPending(session.get("pending") as string | undefined, context);
  return pending?.flow === flow ? pending : null;
}

/** Stores the state (its lifetime renewed) and answers with the cookie to set. */
export async function writePending(session: AppSession, context: AppLoadContext, pending: Omit<Pending, "expiresAt">): Promise<HeadersInit> {
  session.set("pending", sealPending({ ...pending, expiresAt: Date.now() + PENDING_TTL_MS }, context));
  return commitSession(session, context);
}

export async function clearPending(session: AppSession, context: AppLoadContext): Promise<HeadersInit> {
  session.unset("pending");
  return commitSession(session, context);
}
