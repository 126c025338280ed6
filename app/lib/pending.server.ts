/**
 * A code flow in progress, kept in the session's `pending` key between the page that sends a code
 * and the pages after it. Two kinds of flow share it:
 * - a visitor's sign-up and password reset (phone → code → password): the number as typed, when
 *   codes were sent and, once the code was right, the API's verificationToken (it proves the number
 *   for 30 minutes and must never be readable or forgeable from the cookie jar);
 * - a signed-in person's account codes (link an e-mail or phone, unlink the phone, delete the
 *   account): where the code went.
 * One flow at a time: starting one replaces another in progress.
 *
 * The value is sealed (app/lib/seal.server.ts) with a lifetime of 30 minutes from the last step,
 * the verificationToken's life. What does not open (expired, tampered, written by an older release
 * in another shape, during a deploy say) reads as no flow: the page starts at its first step.
 */
import type { AppLoadContext, Session } from "@remix-run/node";
import { z } from "zod";
import { createSealer } from "./seal.server";

/** How long a flow may sit between two steps: the API's verificationToken lives 30 minutes. */
export const PENDING_TTL_MS = 30 * 60 * 1000;

const userMode = z.enum(["guest", "host"]);

/** Sign-up (`register`) and password reset (`reset`): a visitor proving a phone number (or, for a reset, an e-mail). */
const phoneProof = z.object({
  flow: z.enum(["register", "reset"]),
  /** The account to create (sign-up only). */
  mode: userMode,
  /** The country code (digits) and the national number exactly as the person typed it. */
  countryCode: z.string(),
  phone: z.string(),
  /** The API's phoneNumber: country code and national number, digits only ("" when by e-mail). */
  phoneNumber: z.string(),
  /** A password reset by the account's confirmed e-mail instead of its phone (issue 27). */
  email: z.string().optional(),
  /** Invitation code typed on /register (sign-up only), sent with the final /api/register. */
  referralCode: z.string().optional(),
  /** When the last code was sent, when a new one may be asked for, and when it expires (ms). */
  sentAt: z.number(),
  resendAt: z.number(),
  codeExpiresAt: z.number(),
  /** How many codes this flow has sent (a second one is announced on the page). */
  sends: z.number(),
  /** The API's proof of the phone number, once the code was right. */
  verificationToken: z.string().optional(),
});

/**
 * The account pages' codes: the e-mail address or phone number the code went to, when, and when a
 * new one may be asked for (the API's `resendIn` at the send: the pause is the API's rule alone).
 */
const accountCode = z.object({
  flow: z.enum(["email_link", "phone_link", "phone_unlink", "delete_account"]),
  target: z.string(),
  sentAt: z.number(),
  resendAt: z.number(),
});

const pendingSchema = z.discriminatedUnion("flow", [phoneProof, accountCode]);

export type Pending = z.infer<typeof pendingSchema>;
export type PendingFlow = Pending["flow"];
export type PhoneProof = z.infer<typeof phoneProof>;
export type PhoneProofFlow = PhoneProof["flow"];
export type AccountCode = z.infer<typeof accountCode>;
export type AccountCodeFlow = AccountCode["flow"];
/** The state of one flow: `PendingOf<"register">` has the sign-up's fields. */
export type PendingOf<F extends PendingFlow> = (F extends PhoneProofFlow ? PhoneProof : AccountCode) & { flow: F };

const sealer = createSealer<Pending>("pending", {
  ttlMs: PENDING_TTL_MS,
  accept: (value): value is Pending => pendingSchema.safeParse(value).success,
});

/** The state of this flow, or null when there is none, it is another flow's, or it did not open. */
export function readPending<F extends PendingFlow>(session: Session, context: AppLoadContext, flow: F, now = Date.now()): PendingOf<F> | null {
  const pending = sealer.open(session.get("pending"), context.config.sessionSecret, now);
  return pending?.flow === flow ? (pending as PendingOf<F>) : null;
}

/** Stores the state, its lifetime renewed; the caller commits the session. */
export function writePending(session: Session, context: AppLoadContext, pending: Pending, now = Date.now()): void {
  session.set("pending", sealer.seal(pending, context.config.sessionSecret, now));
}

export function clearPending(session: Session): void {
  session.unset("pending");
}
