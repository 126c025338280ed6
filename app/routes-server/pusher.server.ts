/**
 * /pusher/auth and /pusher/user-auth: pusher-js posts the socket id (and channel) form-encoded;
 * the API signs it for the session's user, or refuses. The answer goes back to pusher-js as is.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getSignedIn } from "~/lib/auth.server";
import { openTokens } from "~/lib/session.server";
import { endpoints } from "../../contract/endpoints";

export async function socketAuthAction({ request, context, params }: ActionFunctionArgs, kind: "channel" | "user") {
  const signedIn = await getSignedIn(request, context, params).catch(() => null);
  if (!signedIn) return new Response(JSON.stringify({ error: "Sign in first" }), { status: 401, headers: { "Content-Type": "application/json" } });
  // A call through the guarded client refreshes an access token about to expire, first.
  await signedIn.api.call(endpoints.unreadData).catch(() => null);
  const tokens = openTokens(signedIn.session.get("tokens"), context);
  const form = await request.formData();
  const body = new URLSearchParams({ socket_id: String(form.get("socket_id") ?? "") });
  if (kind === "channel") body.set("channel_name", String(form.get("channel_name") ?? ""));
  const response = await context.apiFetch(endpoints.socketAuth.path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Bearer ${tokens?.token ?? ""}`, Accept: "application/json" },
    body: body.toString(),
    timeoutMs: context.config.apiTimeoutMs,
  });
  const headers = new Headers(await signedIn.headers());
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return new Response(await response.text(), { status: response.status, headers });
}
