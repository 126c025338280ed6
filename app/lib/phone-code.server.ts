/**
 * The "prove this phone number" steps shared by sign-up (/sms, /register, /host/sms) and password
 * reset (/reset-password): phone → SMS code → proved, each step a plain POST that redirects
 * (so a reload never re-sends), with the state between steps sealed in the session.
 *
 * The form posts an `intent`: `send` (the phone step), `verify` (the code) or `resend`. The
 * API is the authority on codes: a too-early resend is forwarded and its 429 message shown.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { UserMode } from "../../contract/account";
import type { Locale } from "~/i18n/config";
import { formatClock } from "./format";
import { endpoints, type Endpoint } from "../../contract/endpoints";
import { ApiError, createApiClient, type ApiClient, type ChallengeAnswer } from "./api.server";
import { challengeAnswerOf, challengeOf } from "./code-challenge.server";
import { clientIpOf } from "./auth.server";
import { codeField, emailField, fullPhone, parseForm, phoneFields, withPhoneCheck } from "./forms.server";
import { checkHoneypot } from "./honeypot.server";
import { writePending, type PhoneProof, type PhoneProofFlow } from "./pending.server";
import { commitSession, type getSession } from "./session.server";

type AppSession = Awaited<ReturnType<typeof getSession>>;

export type CodeIntent = "send" | "verify" | "resend";

/** What an action answers when a step fails: which form it was, and conform's result for it. */
export type StepReply<I extends string = string> = {
  intent: I;
  result: SubmissionResult<string[]>;
  /** The API's challenge for this form to carry back (code requests over the address limit). */
  challenge?: string;
};

const CODE_ENDPOINTS = {
  register: { send: endpoints.registerSendCode, verify: endpoints.registerVerifyCode },
  reset: { send: endpoints.resetSendCode, verify: endpoints.resetVerifyCode },
} satisfies Record<PhoneProofFlow, { send: Endpoint; verify: Endpoint }>;

// ── Schemas ─────────────────────────────────────────────────────────────────────────────────

export function phoneStepSchema(t: TFunction, options: { referral: boolean }) {
  return z
    .object({
      ...phoneFields(t),
      // Only /register asks for it; elsewhere the key is not read at all.
      referralCode: (options.referral ? referralCodeField(t) : z.unknown().transform(() => undefined)).optional(),
    })
    .superRefine(withPhoneCheck(t));
}

/** An invitation code as the API issues them: letters and digits; typed in any case. */
export const referralCodeField = (t: TFunction) =>
  z
    .string()
    .trim()
    .max(20, t("auth:validation.referralInvalid"))
    .regex(/^[A-Za-z0-9]+$/, t("auth:validation.referralInvalid"))
    .transform((v) => v.toUpperCase());

export const codeStepSchema = (t: TFunction) => z.object({ code: codeField(t) });

// ── Views ───────────────────────────────────────────────────────────────────────────────────

/** What the code step shows. Times are Bishkek clock times, rendered on the server. */
export type CodeStepView = {
  /** The number as the person typed it, with its country code (or the e-mail address). */
  phoneDisplay: string;
  /** Where the code went: the texts of the step follow it. */
  channel: "sms" | "email";
  /** Seconds until a new code may be asked for, as of this render (the browser counts down). */
  resendIn: number;
  /** The clock time from which a new code may be asked for, rounded up to the minute. */
  resendAfter: string;
  /** When a second or later code was sent: its clock time; null for the first code. */
  resentAt: string | null;
  validMinutes: number;
};

export const phoneDisplay = (pending: Pick<PhoneProof, "countryCode" | "phone" | "email">) => pending.email ?? `+${pending.countryCode} ${pending.phone}`;

/** What the API's code endpoints are told the code is for: the number, or the reset's e-mail. */
const recipientOf = (pending: Pick<PhoneProof, "phoneNumber" | "email">) => (pending.email ? { email: pending.email } : { phoneNumber: pending.phoneNumber });

export function codeStepView(pending: PhoneProof, locale: Locale, now = Date.now()): CodeStepView {
  return {
    phoneDisplay: phoneDisplay(pending),
    channel: pending.email ? "email" : "sms",
    resendIn: Math.max(0, Math.ceil((pending.resendAt - now) / 1000)),
    resendAfter: formatClock(Math.ceil(pending.resendAt / 60_000) * 60_000, locale),
    resentAt: pending.sends > 1 ? formatClock(pending.sentAt, locale) : null,
    validMinutes: Math.max(1, Math.round((pending.codeExpiresAt - pending.sentAt) / 60_000)),
  };
}

// ── The action ──────────────────────────────────────────────────────────────────────────────

export function apiForVisitor(context: AppLoadContext, request: Request, locale: Locale, challenge?: ChallengeAnswer): ApiClient {
  // The API limits code requests per visitor: pass the visitor's address, not the web server's.
  return createApiClient(context, { locale, ip: clientIpOf(context, request), challenge });
}

const statusOf = (error: unknown) => (error instanceof ApiError && error.status === 429 ? 429 : 422);

type CodeFlowOptions = {
  flow: PhoneProofFlow;
  t: TFunction;
  locale: Locale;
  session: AppSession;
  pending: PhoneProof | null;
  /** This page, where every step redirects back to (no query: the state is in the session). */
  here: string;
  /** Where the proved number goes next. */
  next: string;
  /** Sign-up only: the account's mode and whether the phone step takes an invitation code. */
  mode?: UserMode;
  referral?: boolean;
};

/**
 * Runs one of the code intents and answers: a redirect on success, or the failing form's reply
 * (errors next to its fields, the typed values kept) with a 4xx status.
 */
export async function runCodeIntent(intent: CodeIntent, formData: FormData, context: AppLoadContext, request: Request, options: CodeFlowOptions) {
  const { flow, t, locale, session, pending, here } = options;
  const api = apiForVisitor(context, request, locale, challengeAnswerOf(formData));
  const code: (typeof CODE_ENDPOINTS)[PhoneProofFlow] = CODE_ENDPOINTS[flow];

  if (intent === "send" && flow === "reset" && formData.get("by") === "email") {
    // A reset by the account's confirmed e-mail: the code goes there (sign-up proves a phone only).
    checkHoneypot(context, formData, here);
    const submission = parseForm(formData, z.object({ email: emailField(t) }));
    if (submission.status !== "success") return data<StepReply>({ intent, result: submission.reply() }, { status: 422 });
    const { email } = submission.value;
    try {
      const sent = await api.call(code.send, { body: { email } });
      const now = Date.now();
      writePending(session, context, {
        flow,
        mode: "guest",
        countryCode: "",
        phone: "",
        phoneNumber: "",
        email,
        sentAt: now,
        resendAt: now + sent.resendIn * 1000,
        codeExpiresAt: now + sent.expiresIn * 1000,
        sends: 1,
      });
      throw redirect(here, { headers: await commitSession(session, context) });
    } catch (error) {
      if (error instanceof Response) throw error;
      const result = replyFromApi(submission, error, { t, fields: { email: "email", phoneNumber: "email" } });
      return data<StepReply>({ intent, result, challenge: challengeOf(error) }, { status: statusOf(error) });
    }
  }

  if (intent === "send") {
    checkHoneypot(context, formData, here);
    const submission = parseForm(formData, phoneStepSchema(t, { referral: Boolean(options.referral) }));
    if (submission.status !== "success") return data<StepReply>({ intent, result: submission.reply() }, { status: 422 });
    const phoneNumber = fullPhone(submission.value);
    try {
      const sent = await api.call(code.send, { body: { phoneNumber } });
      const now = Date.now();
      writePending(session, context, {
        flow,
        mode: options.mode ?? "guest",
        countryCode: submission.value.countryCode,
        // Shown back as typed ("700 12-34-56"), only tidied of surrounding and repeated spaces.
        phone: String(formData.get("phone") ?? "").trim().replace(/\s+/g, " "),
        phoneNumber,
        referralCode: submission.value.referralCode || undefined,
        sentAt: now,
        resendAt: now + sent.resendIn * 1000,
        codeExpiresAt: now + sent.expiresIn * 1000,
        sends: 1,
      });
      throw redirect(here, { headers: await commitSession(session, context) });
    } catch (error) {
      if (error instanceof Response) throw error;
      const result = replyFromApi(submission, error, { t, fields: { phoneNumber: "phone", referralCode: "referralCode" } });
      return data<StepReply>({ intent, result, challenge: challengeOf(error) }, { status: statusOf(error) });
    }
  }

  // The code and resend forms need a number in progress; without one (expired, another tab
  // finished it) the page starts over at the phone step.
  if (!pending) throw redirect(here);

  if (intent === "verify") {
    const submission = parseForm(formData, codeStepSchema(t));
    if (submission.status !== "success") return data<StepReply>({ intent, result: submission.reply() }, { status: 422 });
    try {
      const { verificationToken } = await api.call(code.verify, { body: { ...recipientOf(pending), code: submission.value.code } });
      writePending(session, context, { ...pending, verificationToken });
      throw redirect(options.next, { headers: await commitSession(session, context) });
    } catch (error) {
      if (error instanceof Response) throw error;
      const result = replyFromApi(submission, error, { t, fields: { code: "code", phoneNumber: "code" } });
      return data<StepReply>({ intent, result }, { status: statusOf(error) });
    }
  }

  // resend
  const submission = parseForm(formData, z.object({}));
  try {
    const sent = await api.call(code.send, { body: recipientOf(pending) });
    const now = Date.now();
    writePending(session, context, {
      ...pending,
      verificationToken: undefined,
      sentAt: now,
      resendAt: now + sent.resendIn * 1000,
      codeExpiresAt: now + sent.expiresIn * 1000,
      sends: pending.sends + 1,
    });
    throw redirect(here, { headers: await commitSession(session, context) });
  } catch (error) {
    if (error instanceof Response) throw error;
    const result = submission.reply({ formErrors: apiMessages(error, t) });
    return data<StepReply>({ intent, result, challenge: challengeOf(error) }, { status: statusOf(error) });
  }
}

type Replyable = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

/**
 * An API refusal as conform errors: messages of the fields the form has next to those fields
 * (renamed where the form names them differently), any other message as a plain line above the
 * form. The API's messages are already in the page's language.
 */
export function replyFromApi(
  submission: Replyable,
  error: unknown,
  options: { t: TFunction; fields: Record<string, string>; hideFields?: string[] },
): SubmissionResult<string[]> {
  if (!(error instanceof ApiError)) throw error;
  if (error.status >= 500 || error.status === 408) return submission.reply({ formErrors: [options.t("common:form.unavailable")], hideFields: options.hideFields });
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [apiField, messages] of Object.entries(error.errors)) {
    const formField = options.fields[apiField];
    if (formField) fieldErrors[formField] = [...(fieldErrors[formField] ?? []), ...messages];
    else formErrors.push(...messages);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(error.message);
  return submission.reply({ formErrors: [...new Set(formErrors)], fieldErrors, hideFields: options.hideFields });
}

/** An API refusal as plain lines: its field messages (without field names), else its message. */
export function apiMessages(error: unknown, t: TFunction): string[] {
  if (!(error instanceof ApiError)) throw error;
  if (error.status >= 500 || error.status === 408) return [t("common:form.unavailable")];
  const lines = [...new Set(Object.values(error.errors).flat())];
  return lines.length ? lines : [error.message];
}

export function intentOf(formData: FormData): CodeIntent | string {
  return String(formData.get("intent") ?? "send");
}
