/**
 * The operator console's guard (issue 31): /admin and everything under it is the 404 page to
 * anyone but a signed-in operator, as if it did not exist. The session's flag only spares the
 * API a call: the operator API answers 404 to anyone else as well, which the pages pass on.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { ApiError } from "./api.server";
import { getSignedIn, type SignedIn } from "./auth.server";

export const notFoundResponse = () => new Response("Not Found", { status: 404 });

export async function requireOperator(request: Request, context: AppLoadContext, params: Params): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context, params);
  if (!signedIn || !signedIn.user.operator) throw notFoundResponse();
  return signedIn;
}

/** A call's refusal as the page's answer: 404 stays a 404 page, the rest an error page. */
export function consoleError(error: unknown): Response {
  if (error instanceof ApiError) {
    const status = error.status === 404 ? 404 : error.status === 408 ? 504 : error.status >= 500 ? 503 : error.status;
    return new Response(error.message, { status, statusText: error.statusText });
  }
  throw error;
}

/** Field messages and the message of a refused action, in the console's forms' shape. */
export type ActionReply = { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string> } | { ok: true; done: string };

export function replyFrom(error: unknown, values: Record<string, string>): ActionReply {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404 && error.status !== 401) {
    return { ok: false, message: error.message, errors: error.errors, values };
  }
  throw consoleError(error);
}
