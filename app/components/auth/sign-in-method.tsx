import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

export type SignInMethod = "phone" | "email";

/** `?by=email` picks the e-mail form on /login and /reset-password; anything else is the phone. */
export const methodOf = (search: URLSearchParams): SignInMethod => (search.get("by") === "email" ? "email" : "phone");

/**
 * Phone or e-mail, as two links (the same page with `?by=`), so the choice works without
 * JavaScript and keeps the page's other parameters (`redirectTo`). An account whose phone was
 * unlinked signs in and resets its password by its confirmed e-mail (issue 27).
 */
export function SignInMethodSwitch({ current, label }: { current: SignInMethod; label: string }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const hrefFor = (method: SignInMethod) => {
    const search = new URLSearchParams(location.search);
    if (method === "email") search.set("by", "email");
    else search.delete("by");
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1 text-sm font-medium">
        {(["phone", "email"] as const).map((method) => (
          <li key={method}>
            <Link
              to={hrefFor(method)}
              replace
              aria-current={method === current ? "page" : undefined}
              data-testid={`method-${method}`}
              className={`flex min-h-10 items-center justify-center rounded-full px-3 ${method === current ? "bg-white text-stone-900 shadow-sm ring-1 ring-stone-200" : "text-stone-600 hover:text-stone-900"}`}
            >
              {t(method === "phone" ? "login.byPhone" : "login.byEmail")}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
