/**
 * SPEC section 2's short host paths: `/objects/…`, `/calendar/…` and `/booking/{id}` are the
 * host's `/host/…` pages (`/messages/…` is the chat's, app/lib/chat.server.ts). A permanent redirect keeps one canonical URL,
 * the language prefix and the query.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localeOfPath, localizePath, stripLocale } from "~/i18n/config";

export function hostAlias({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  const bare = stripLocale(url.pathname);
  return redirect(`${localizePath(`/host${bare}`, localeOfPath(url.pathname))}${url.search}`, 301);
}
