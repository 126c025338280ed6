/**
 * The calendar sync part of /host/calendar: the object's own feed address (to paste into Airbnb,
 * Booking.com or a calendar app) with a copy button and "make a new address", and the calendars
 * the object imports, each with its last sync, its refusal reason, its conflicts, "sync now" and
 * "remove", and a form to add one. Every action is a plain POST form (the route's action), so it
 * all works without JavaScript; the copy button appears once script runs.
 */
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CalendarSyncState } from "../../../contract/calendar-sync";
import { BusyButton } from "~/components/booking/submit";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format";

export type SyncFormReply = { fields: { name: string; url: string }; errors: { name?: string[]; url?: string[]; form?: string[] } };

export function CalendarSync({ sync, feedUrl, estateId, month, reply }: { sync: CalendarSyncState; feedUrl: string; estateId: number; month: string; reply?: SyncFormReply }) {
  const { t } = useTranslation("hosting");
  const { locale } = useLocale();
  const hidden = (
    <>
      <input type="hidden" name="estate" value={estateId} />
      <input type="hidden" name="month" value={month} />
    </>
  );
  return (
    <section className="mt-6 space-y-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" aria-labelledby="sync-title" data-testid="calendar-sync" id="sync">
      <div>
        <h2 id="sync-title" className="font-semibold text-stone-900">
          {t("calendar.sync.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("calendar.sync.intro", { minutes: sync.syncMinutes })}</p>
      </div>

      <div>
        <label htmlFor="feed-url" className="field-label">
          {t("calendar.sync.export")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input id="feed-url" readOnly value={feedUrl} className="field-input min-w-0 flex-1 font-mono text-xs" aria-describedby="feed-hint" data-testid="feed-url" onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={feedUrl} />
        </div>
        <p id="feed-hint" className="mt-1 text-xs text-stone-500">
          {t("calendar.sync.exportHint")}
        </p>
        <Form method="post" preventScrollReset className="mt-2">
          {hidden}
          <BusyButton name="intent" value="renewFeed" className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100" testId="renew-feed">
            {t("calendar.sync.renew")}
          </BusyButton>
          <p className="mt-1 text-xs text-stone-500">{t("calendar.sync.renewHint")}</p>
        </Form>
      </div>

      <div className="border-t border-stone-200 pt-4">
        <h3 className="font-semibold text-stone-900">{t("calendar.sync.imports")}</h3>
        {sync.imports.length ? (
          <ul className="mt-2 space-y-3" data-testid="imports">
            {sync.imports.map((item) => (
              <li key={item.id} className="rounded-2xl p-3 ring-1 ring-stone-200" data-testid="import" data-import-id={item.id}>
                <p className="font-medium text-stone-900">{item.name}</p>
                <p className="break-all font-mono text-xs text-stone-600">{item.url}</p>
                <p className="mt-1 text-sm text-stone-700">
                  {item.lastSuccessAt
                    ? t("calendar.sync.lastGood", { when: formatDateTime(item.lastSuccessAt, locale), count: item.events })
                    : t("calendar.sync.never")}
                </p>
                {item.error ? (
                  <p className="mt-1 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="import-error">
                    {t("calendar.sync.refused", { when: item.lastAttemptAt ? formatDateTime(item.lastAttemptAt, locale) : "—" })} {item.error}
                    {item.lastSuccessAt ? ` ${t("calendar.sync.kept")}` : ""}
                  </p>
                ) : null}
                {item.conflicts.length ? (
                  <p className="mt-1 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="import-conflicts">
                    {t("calendar.sync.conflicts", { count: item.conflicts.length, dates: item.conflicts.slice(0, 5).join(", ") + (item.conflicts.length > 5 ? "…" : "") })}
                  </p>
                ) : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  <Form method="post" preventScrollReset>
                    {hidden}
                    <input type="hidden" name="importId" value={item.id} />
                    <BusyButton name="intent" value="syncImport" className="inline-flex min-h-11 items-center rounded-full bg-stone-800 px-4 text-sm font-medium text-white hover:bg-stone-900" testId="sync-now">
                      {t("calendar.sync.syncNow")}
                      <span className="sr-only">: {item.name}</span>
                    </BusyButton>
                  </Form>
                  <Form method="post" preventScrollReset>
                    {hidden}
                    <input type="hidden" name="importId" value={item.id} />
                    <BusyButton name="intent" value="removeImport" className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100" testId="remove-import">
                      {t("calendar.sync.remove")}
                      <span className="sr-only">: {item.name}</span>
                    </BusyButton>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-stone-600">{t("calendar.sync.none")}</p>
        )}

        <Form method="post" preventScrollReset className="mt-4 space-y-3" data-testid="import-form" aria-labelledby="import-form-title">
          <h4 id="import-form-title" className="text-sm font-semibold text-stone-900">
            {t("calendar.sync.add")}
          </h4>
          {hidden}
          <FormAlert errors={reply?.errors.form} />
          <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            <div>
              <label htmlFor="import-name" className="field-label">
                {t("calendar.sync.name")}
              </label>
              <input
                id="import-name"
                name="name"
                maxLength={60}
                defaultValue={reply?.fields.name ?? ""}
                placeholder="Airbnb"
                className="field-input"
                aria-invalid={reply?.errors.name?.length ? true : undefined}
                aria-describedby={reply?.errors.name?.length ? "import-name-error" : undefined}
              />
              <FieldErrors id="import-name-error" errors={reply?.errors.name} />
            </div>
            <div>
              <label htmlFor="import-url" className="field-label">
                {t("calendar.sync.url")}
              </label>
              <input
                id="import-url"
                name="url"
                type="url"
                inputMode="url"
                defaultValue={reply?.fields.url ?? ""}
                placeholder="https://www.airbnb.com/calendar/ical/….ics"
                className="field-input"
                aria-invalid={reply?.errors.url?.length ? true : undefined}
                aria-describedby={reply?.errors.url?.length ? "import-url-error import-url-hint" : "import-url-hint"}
              />
              <FieldErrors id="import-url-error" errors={reply?.errors.url} />
              <p id="import-url-hint" className="mt-1 text-xs text-stone-500">
                {t("calendar.sync.urlHint")}
              </p>
            </div>
          </div>
          <BusyButton name="intent" value="addImport" className="btn-primary w-full sm:w-auto" testId="add-import">
            {t("calendar.sync.addButton")}
          </BusyButton>
        </Form>
      </div>
    </section>
  );
}

/** Copies the feed's address; rendered only once script runs (without it the field is selectable). */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("hosting");
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  useEffect(() => {
    if (copied === null) return;
    const timer = window.setTimeout(() => setCopied(null), 3000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded-full bg-stone-800 px-4 text-sm font-medium text-white hover:bg-stone-900"
        data-testid="copy-feed"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {t("calendar.sync.copy")}
      </button>
      <span role="status" className="basis-full text-sm text-emerald-800" data-testid="copy-status">
        {copied === true ? t("calendar.sync.copied") : copied === false ? t("calendar.sync.copyFailed") : ""}
      </span>
    </>
  );
}
