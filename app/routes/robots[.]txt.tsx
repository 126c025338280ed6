import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * `/robots.txt`: pages allowed, the API disallowed, the sitemap by its full URL.
 *
 * The private areas (profile, bookings, host area, chats) are not disallowed: a crawler asking
 * for one gets the sign-in redirect, which says `noindex` (auth.server.ts), and a search engine
 * only obeys a `noindex` it is allowed to fetch; a disallowed address can still be listed bare
 * when something links to it (decision 0060).
 */
export function loader({ context }: LoaderFunctionArgs) {
  const base = context.config.publicUrl.replace(/\/+$/, "");
  const lines = ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${base}/sitemap.xml`, ""];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
