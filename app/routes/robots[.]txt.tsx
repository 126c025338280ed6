import type { LoaderFunctionArgs } from "@remix-run/node";
import { LOCALES, localizePath } from "~/i18n/config";

/** Pages of one person (profile, bookings, host area, chats): nothing for a search engine. */
const PRIVATE_AREAS = ["/profile", "/booking", "/host", "/chat"];

/** `/robots.txt`: public pages allowed, the API and private areas in every language disallowed, the sitemap by its full URL. */
export function loader({ context }: LoaderFunctionArgs) {
  const base = context.config.publicUrl.replace(/\/+$/, "");
  const disallowed = ["/api/", ...LOCALES.flatMap((locale) => PRIVATE_AREAS.map((area) => localizePath(area, locale)))];
  const lines = ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${base}/sitemap.xml`, ""];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
