/** Server halves of the account code flows: sending (and re-sending) a code, and reading refusals. */
import { data, type AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { ApiError, type ApiClient, type ChallengeAnswer } from "~/lib/api.server";
import type { CodeSentResponse } from "../../../contract/account";
import { challengeOf } from "~/lib/code-challenge.server";
import type { SignedIn } from "~/lib/auth.server";
import { readPending, writePending, type AccountCode, type AccountCodeFlow } from "~/lib/pending.server";
import { commitSession } from "~/lib/session.server";
import type { Locale } from "~/i18n/config";
import { formatClock } from "~/lib/format";
import type { CodeActionData } from "./code-step";

/** An API refusal as one line for the person: its own message, or "try again" when it broke. */
export function apiMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) throw error;
  if (error.status >= 500 || error.status === 408) return t("common:form.unavailable");
  const fieldMessages = Object.values(error.errors).flat();
  return fieldMessages[0] ?? error.message;
}

export const statusOf = (error: unknown) => (error instanceof ApiError && error.status === 429 ? 429 : error instanceof ApiError && error.status >= 500 ? 503 : 422);

/** What an account page remembers of a code the API sent: where it went, when, and when a new one may be asked for. */
export function pendingCode(flow: AccountCodeFlow, sent: CodeSentResponse, now = Date.now()): AccountCode {
  return { flow, target: sent.target, sentAt: now, resendAt: now + sent.resendIn * 1000 };
}

/**
 * When a new code may be asked for: seconds from now (for the live countdown) and the clock time
 * in Bishkek rounded up to the minute (for the page without JavaScript: "after 14:33").
 */
export function resendInfo(pending: Pick<AccountCode, "sentAt" | "resendAt">, locale: Locale, now = Date.now()) {
  const at = pending.resendAt;
  const secondsLeft = Math.max(0, Math.ceil((at - now) / 1000));
  const roundedUp = Math.ceil(at / 60_000) * 60_000;
  return { secondsLeft, time: formatClock(roundedUp, locale), sentAt: pending.sentAt };
}

/** The code in progress for this flow and when a new one may be asked for, or null. */
export function codeStage(signedIn: SignedIn, context: AppLoadContext, purpose: AccountCodeFlow) {
  const pending = readPending(signedIn.session, context, purpose);
  return pending ? { target: pending.target, resend: resendInfo(pending, signedIn.locale) } : null;
}

/** `send` asks the API for the code through the client it is given (which carries the challenge). */
type CodeRequest = { purpose: AccountCodeFlow; target: string; send: (api: ApiClient) => Promise<CodeSentResponse>; challenge?: ChallengeAnswer };

/** Asks the API for a code (with the challenge the form carried back, if any) and remembers where it went; the caller redirects or answers. */
export async function sendCode(signedIn: SignedIn, context: AppLoadContext, request: CodeRequest) {
  const sent = await request.send(signedIn.apiWith({ challenge: request.challenge }));
  // The page keeps the address the person gave (the API's `target` may be written differently).
  writePending(signedIn.session, context, { ...pendingCode(request.purpose, sent), target: request.target });
  return commitSession(signedIn.session, context);
}

/** The "send again" form of a code page. */
export async function resendAction(signedIn: SignedIn, context: AppLoadContext, t: TFunction, request: CodeRequest) {
  try {
    const headers = await sendCode(signedIn, context, request);
    return data<CodeActionData>({ intent: "resend", sent: true }, { headers });
  } catch (error) {
    return data<CodeActionData>({ intent: "resend", error: apiMessage(error, t), challenge: challengeOf(error) }, { status: statusOf(error), headers: await signedIn.headers() });
  }
}
