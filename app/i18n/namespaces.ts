import { stripLocale, type Namespace } from "./config";

/**
 * The translation namespaces a page needs, by its URL. The root loader inlines only these, so a
 * guest on 3G does not download the whole dictionary with every page; a navigation into another
 * area revalidates the root and brings that area's words.
 */
export function namespacesFor(pathname: string): Namespace[] {
  const path = stripLocale(pathname);
  // The listing wizard and the host's objects (issue 12); the objects' pager speaks `account`.
  if (path === "/create" || path.startsWith("/create/")) return ["common", "errors", "listing", "estate"];
  if (path.startsWith("/host/objects")) return ["common", "errors", "listing", "estate", "account"];
  // The operator console (issue 31): bookings' statuses in the booking namespace's words, the pager in account's.
  // The content editor's preview draws the FAQ's question as /faq does, in content's words.
  if (path.startsWith("/admin/content/")) return ["common", "errors", "admin", "booking", "account", "content"];
  // The directory editor names amenity groups as the search filter does, in estates' words.
  if (path === "/admin/directory") return ["common", "errors", "admin", "booking", "account", "estates"];
  if (path === "/admin" || path.startsWith("/admin/")) return ["common", "errors", "admin", "booking", "account"];
  const area: Namespace[] =
    path === "/"
      ? ["home", "estates"]
      : path === "/app"
        ? ["home"]
        : path === "/estates/map"
          ? ["map"]
        : /^\/estates\/(category\/|$)/.test(`${path}/`) || path === "/estates"
          ? ["estates"]
          : path.startsWith("/estates/")
            ? ["estate"]
            : /^\/host\/(booking|calendar)(\/|$)/.test(path)
              ? ["hosting", "booking", "account"]
            : path.startsWith("/booking") || path.startsWith("/profile/booking") || path === "/profile/transactions" || path.startsWith("/users/")
              ? ["booking", "account", "hosting"]
              : path.startsWith("/profile") || path === "/mail/unsubscribe"
                ? ["account", "auth"]
                : /^\/(login|sms|register|set-password|personal-info|reset-password|host\/sms|host\/switch)$/.test(path)
                  ? ["auth"]
                  : /^\/(articles(\/.*)?|faq|terms|privacy|deeplink|promo_raduga)$/.test(path)
                    ? ["content"]
                    : [];
  return ["common", "errors", ...area];
}
