/** Server halves of the account code flows: sending (and re-sending) a code, and reading refusals. */
import { data, type AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { ApiError, type ChallengeAnswer } from "~/lib/api.server";
import { challengeOf } from "~/lib/code-challenge.server";
import type { SignedIn } from "~/lib/auth.server";
import { commitSession } from "~/lib/session.server";
import type { CodeActionData } from "./code-step";
import { readPending, resendInfo, setPending, type PendingPurpose } from "./pending.server";

/** An API refusal as one line for the person: its own message, or "try again" when it broke. */
export function apiMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) throw error;
  if (error.status >= 500 || error.status === 408) return t("common:form.unavailable");
  const fieldMessages = Object.values(error.errors).flat();
  return fieldMessages[0] ?? error.message;
}

export const statusOf = (error: unknown) => (error instanceof ApiError && error.status === 429 ? 429 : error instanceof ApiError && error.status >= 500 ? 503 : 422);

/** The code in progress for this flow and when a new one may be asked for, or null. */
export function codeStage(signedIn: SignedIn, context: AppLoadContext, purpose: PendingPurpose) {
  const pending = readPending(signedIn.session, context, purpose);
  return pending ? { target: pending.target, resend: resendInfo(pending, signedIn.locale) } : null;
}

type CodeRequest = { purpose: PendingPurpose; target: string; path: string; body: unknown; challenge?: ChallengeAnswer };

/** Asks the API for a code (with the challenge the form carried back, if any) and remembers where it went; the caller redirects or answers. */
export async function sendCode(signedIn: SignedIn, context: AppLoadContext, request: CodeRequest) {
  await signedIn.apiWith({ challenge: request.challenge }).put(request.path, request.body);
  setPending(signedIn.session, context, request.purpose, request.target);
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
