/**
 * Above the page when a post to it had no readable form body (a JSON or text body, a broken
 * multipart body): the server showed the page again instead of running its action, with 415 or
 * 400 (server/remix-handler.ts). It belongs to that one answer, so it is gone after the next
 * navigation, even though the root's data (which carries it) is not reloaded then.
 */
import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";

export function RefusedFormAlert({ status }: { status: 400 | 415 | null }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const [shownAt] = useState(location.key);
  if (!status || location.key !== shownAt) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-4">
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="refused-form">
        {t("form.unreadable")}
      </p>
    </div>
  );
}
