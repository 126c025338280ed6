/**
 * The calendar sync forms of /host/calendar (components/hosting/calendar-sync.tsx): a new feed
 * address, add / sync now / remove an imported calendar. The API validates and answers in the
 * host's language; a refused add comes back with what was typed and the reason next to its field.
 */
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { SyncFormReply } from "~/components/hosting/calendar-sync";
import { notFound } from "~/routes-server/($lang).host.server";
import { localizePath } from "~/i18n/config";
import { ApiError } from "~/lib/api.server";
import type { SignedIn } from "~/lib/auth.server";
import { endpoints } from "../../contract/endpoints";

export const SYNC_INTENTS = ["renewFeed", "addImport", "syncImport", "removeImport"] as const;

export async function syncAction(signedIn: SignedIn, t: TFunction, formData: FormData, estateId: number) {
  const intent = String(formData.get("intent"));
  const month = String(formData.get("month") ?? "");
  const back = async (notice: string) => {
    const q = new URLSearchParams({ estate: String(estateId), notice });
    if (/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) q.set("month", month);
    return redirect(`${localizePath("/host/calendar", signedIn.locale)}?${q}#sync`, { headers: await signedIn.headers() });
  };
  const importId = Number(formData.get("importId"));
  try {
    if (intent === "renewFeed") {
      await signedIn.api.call(endpoints.hostCalendarFeed, { body: { estateId } });
      return back("feedRenewed");
    }
    if (intent === "addImport") {
      const fields = { name: String(formData.get("name") ?? ""), url: String(formData.get("url") ?? "") };
      try {
        await signedIn.api.call(endpoints.hostCalendarImport, { body: { estateId, ...fields } });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 404 || error.status === 401 || error.status === 403) throw error;
        const errors: SyncFormReply["errors"] =
          error.status === 422 && (error.errors.name || error.errors.url)
            ? { name: error.errors.name, url: error.errors.url }
            : { form: [error.status >= 500 || error.status === 408 ? t("common:form.unavailable") : error.message] };
        return data({ sync: { fields, errors } satisfies SyncFormReply }, { status: 422, headers: await signedIn.headers() });
      }
      return back("importAdded");
    }
    if (!Number.isInteger(importId) || importId < 1) throw notFound();
    if (intent === "syncImport") {
      await signedIn.api.call(endpoints.hostCalendarImportSync, { params: { id: importId }, query: { estateId } });
      return back("importSynced");
    }
    await signedIn.api.call(endpoints.hostCalendarImportRemove, { params: { id: importId }, query: { estateId } });
    return back("importRemoved");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
