import { ObjectPicker } from "~/components/hosting/object-picker";
import { DateInput } from "~/components/forms/date-input";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { CalendarNight, HostCalendar } from "../../contract/host";
import { BusyButton } from "~/components/booking/submit";
import { calendarForm, loadHostEstates, notFound } from "~/routes-server/($lang).host.server";
import { ResultNotice } from "~/components/hosting/result-notice";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { PageHeader } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { requireHostMode } from "~/lib/auth.server";
import { formatDate, formatMonthYear, formatNumber } from "~/lib/format";
import { addDays, datesUntil, firstDayOf, isIsoDate, isMonth, lastDayOf, shiftMonth, todayInBishkek, weekdayOf } from "../../contract/dates";
import { parseForm } from "~/lib/forms.server";
import { HostNav } from "~/components/host/host-nav";
import { CalendarSync, type SyncFormReply } from "~/components/hosting/calendar-sync";
import { syncAction, SYNC_INTENTS } from "~/routes-server/($lang).host.calendar.server";
import type { CalendarSyncState } from "../../contract/calendar-sync";
import { absoluteUrl } from "~/lib/seo";
import { AvailabilityRulesForm } from "~/components/hosting/availability-rules-form";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];


/**
 * `/host/calendar?estate=&month=yyyy-mm&from=&to=` (auth, host mode): one object's nights, two
 * months from `month` (a phone shows the first). Tapping a night is a link that picks the range's
 * first and then its last night, so choosing works without JavaScript; the form below blocks,
 * unblocks or prices the range.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHostMode(request, context, params);
  const url = new URL(request.url);
  const estates = await loadHostEstates(signedIn);
  const asked = url.searchParams.get("estate");
  const estateId = asked && /^\d{1,9}$/.test(asked) ? Number(asked) : (estates[0]?.id ?? null);
  const monthParam = url.searchParams.get("month") ?? "";
  const month = isMonth(monthParam) ? monthParam : todayInBishkek().slice(0, 7);
  const t = await getT(signedIn.locale, "hosting");
  const title = `${t("calendar.title")} — Konok`;
  const pick = (key: string) => {
    const v = url.searchParams.get(key) ?? "";
    return isIsoDate(v) ? v : null;
  };
  let calendar: HostCalendar | null = null;
  let sync: CalendarSyncState | null = null;
  if (estateId) {
    try {
      [calendar, sync] = await Promise.all([
        signedIn.api.call(endpoints.hostCalendar, { query: { estateId, from: firstDayOf(month), to: lastDayOf(shiftMonth(month, 1)) } }),
        signedIn.api.call(endpoints.hostCalendarSync, { query: { estateId } }),
      ]);
    } catch (error) {
      throw routeErrorFrom(error);
    }
  }
  const notice = url.searchParams.get("notice") === "saved" ? Number(url.searchParams.get("count") ?? "0") : null;
  const syncNotice = SYNC_NOTICES.find((n) => n === url.searchParams.get("notice")) ?? null;
  // The feed is served by the API under this site's public address (docs/api.md, "Calendar sync").
  const feedUrl = sync ? absoluteUrl(context.config.publicUrl, sync.feedPath) : "";
  return data({ estates, estateId, month, calendar, sync, feedUrl, from: pick("from"), to: pick("to"), notice, syncNotice, title }, { headers: await signedIn.headers() });
}

type ActionResult = { result?: SubmissionResult<string[]>; collision?: number; sync?: SyncFormReply; rulesErrors?: string[] };
const SYNC_NOTICES = ["feedRenewed", "importAdded", "importSynced", "importRemoved", "rulesSaved"] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHostMode(request, context, params);
  const t = await getT(signedIn.locale, ["hosting", "common"]);
  const formData = await request.formData();
  const estateId = Number(formData.get("estate"));
  if (!Number.isInteger(estateId) || estateId < 1) throw notFound();
  if (formData.get("intent") === "rules") {
    const rules = Object.fromEntries(["advanceNoticeDays", "sameDayUntilHour", "preparationNights", "bookingWindowMonths"].map((k) => [k, String(formData.get(k) ?? "")]));
    try {
      await signedIn.api.call(endpoints.hostCalendarRules, { body: { estateId, ...rules } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) throw notFound();
      return data({ rulesErrors: [error.status >= 500 || error.status === 408 ? t("common:form.unavailable") : error.message] } satisfies ActionResult, { status: 422, headers: await signedIn.headers() });
    }
    const month = String(formData.get("month") ?? "");
    const q = new URLSearchParams({ estate: String(estateId), notice: "rulesSaved" });
    if (isMonth(month)) q.set("month", month);
    throw redirect(`${localizePath("/host/calendar", signedIn.locale)}?${q}#rules`, { headers: await signedIn.headers() });
  }
  if ((SYNC_INTENTS as readonly string[]).includes(String(formData.get("intent") ?? ""))) return syncAction(signedIn, t, formData, estateId);
  const submission = parseForm(formData, calendarForm(t));
  const reply = async (body: ActionResult, status: number) => data(body, { status, headers: await signedIn.headers() });
  if (submission.status !== "success") return reply({ result: submission.reply() }, 422);
  const { intent, from, to, price, minNights } = submission.value;
  let nights: number;
  try {
    ({ nights } = await signedIn.api.call(endpoints.hostCalendarChange, { body: { estateId, from, to, action: intent, price, minNights } }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw notFound();
    const collision = error.status === 409 ? Number(error.errors.bookingId?.[0]) || undefined : undefined;
    const message = collision ? t("errors.collision", { id: collision }) : error.status >= 500 || error.status === 408 ? t("common:form.unavailable") : error.message;
    return reply({ result: submission.reply({ formErrors: [message] }), collision }, error.status === 409 ? 409 : 422);
  }
  const month = String(formData.get("month") ?? "");
  const q = new URLSearchParams({ estate: String(estateId), month: isMonth(month) ? month : from.slice(0, 7), notice: "saved", count: String(nights) });
  throw redirect(`${localizePath("/host/calendar", signedIn.locale)}?${q}`, { headers: await signedIn.headers() });
}

export default function HostCalendarPage() {
  const { estates, estateId, month, calendar, sync, feedUrl, from, to, notice, syncNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("hosting");
  const { path } = useLocale();
  const here = path("/host/calendar");
  const href = (extra: Record<string, string | null>) => {
    const q = new URLSearchParams();
    if (estateId) q.set("estate", String(estateId));
    q.set("month", month);
    for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
    return `${here}?${q}`;
  };
  const months = [month, shiftMonth(month, 1)];
  const byDate = new Map((calendar?.nights ?? []).map((n) => [n.date, n]));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-5 sm:py-8" data-testid="host-calendar-page">
      <HostNav />
      <PageHeader
        title={t("calendar.title")}
        description={t("calendar.subtitle")}
        actions={
          <Link to={path("/host/booking")} className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100">
            {t("nav.bookings")}
          </Link>
        }
      />
      {notice !== null ? <ResultNotice>{t("notice.calendar", { count: notice })}</ResultNotice> : null}
      {syncNotice ? <ResultNotice>{t(syncNotice === "rulesSaved" ? "calendar.rules.saved" : `calendar.sync.notice.${syncNotice}`)}</ResultNotice> : null}
      {!estates.length ? <p className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">{t("errors.noObjects")}</p> : null}

      {estates.length ? (
        <ObjectPicker
          id="calendar-estate"
          action={here}
          className="mb-4 mt-4"
          label={t("calendar.object")}
          submitLabel={t("calendar.show")}
          estates={estates}
          value={estateId}
          keep={{ month }}
        />
      ) : null}

      {calendar ? (
        <>
          <div className="mb-3 flex items-center justify-between gap-2">
            <Link to={href({ month: shiftMonth(month, -1), from, to })} className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium hover:bg-stone-100" data-testid="month-prev">
              <span aria-hidden="true">←</span>&nbsp;{t("calendar.previous")}
            </Link>
            <Link to={href({ month: shiftMonth(month, 1), from, to })} className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium hover:bg-stone-100" data-testid="month-next">
              {t("calendar.next")}&nbsp;<span aria-hidden="true">→</span>
            </Link>
          </div>
          <Legend />
          <p className="mt-2 text-sm text-stone-600">{t("calendar.selectHint")}</p>
          <div className="mt-3 grid gap-6 lg:grid-cols-2">
            {months.map((m, i) => (
              <div key={m} className={i === 1 ? "hidden lg:block" : undefined}>
                <MonthGrid month={m} nights={byDate} from={from} to={to} linkFor={(date) => pickHref(href, date, from, to)} />
              </div>
            ))}
          </div>
          <RangeForm key={`${from}-${to}`} estateId={calendar.estateId} month={month} from={from} to={to ?? from} lastResult={actionData?.result} collision={actionData?.collision} />
          <AvailabilityRulesForm key={JSON.stringify(calendar.rules)} rules={calendar.rules} estateId={calendar.estateId} month={month} errors={actionData?.rulesErrors} />
          {sync ? <CalendarSync sync={sync} feedUrl={feedUrl} estateId={calendar.estateId} month={month} reply={actionData?.sync} /> : null}
        </>
      ) : null}
    </div>
  );
}

/** The next link for a tapped night: first tap starts a range, the second ends it (or restarts it if earlier). */
function pickHref(href: (extra: Record<string, string | null>) => string, date: string, from: string | null, to: string | null) {
  if (!from || to || date < from) return href({ from: date });
  return href({ from, to: date });
}

function Legend() {
  const { t } = useTranslation("hosting");
  const item = (cls: string, text: string) => (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className={`h-3 w-3 rounded ${cls}`} />
      {text}
    </li>
  );
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
      {item("bg-white ring-1 ring-stone-300", t("calendar.legend.free"))}
      {item("bg-stone-300", t("calendar.legend.blocked"))}
      {item("bg-brand-600", t("calendar.legend.booked"))}
      {item("bg-brand-600 outline outline-2 outline-amber-400", t("calendar.legend.conflict"))}
    </ul>
  );
}

function MonthGrid({ month, nights, from, to, linkFor }: { month: string; nights: Map<string, CalendarNight>; from: string | null; to: string | null; linkFor: (date: string) => string }) {
  const { t } = useTranslation("hosting");
  const { locale, path } = useLocale();
  const first = firstDayOf(month);
  // Monday first: the days before the 1st in its week are empty.
  const lead = (weekdayOf(first) + 6) % 7;
  const days = datesUntil(first, firstDayOf(shiftMonth(month, 1)));
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => formatDate(addDays("2024-01-01", i), locale, { weekday: "short" }));
  const today = todayInBishkek();
  const chosen = (d: string) => Boolean(from && d >= from && d <= (to ?? from));
  return (
    <section aria-label={formatMonthYear(month, locale)} data-testid="calendar-month" data-month={month}>
      <h2 className="mb-2 text-lg font-semibold text-stone-900">{formatMonthYear(month, locale)}</h2>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-stone-500" aria-hidden="true">
        {weekdays.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1">
        {Array.from({ length: lead }, (_, i) => (
          <li key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((date) => {
          const night = nights.get(date);
          const past = date < today;
          const day = Number(date.slice(8));
          const ring = chosen(date) ? "ring-2 ring-stone-900" : "ring-1 ring-stone-200";
          const base = `flex h-16 flex-col items-center justify-start overflow-hidden rounded-lg p-0.5 text-center leading-tight ${ring}`;
          if (!night) return <li key={date} />;
          const label = formatDate(date, locale, { day: "numeric", month: "long" });
          if (night.state === "booked" && night.booking) {
            return (
              <li key={date} data-testid="night" data-date={date} data-state="booked" data-conflict={night.conflict ?? undefined}>
                <Link to={path(`/host/booking/${night.booking.id}`)} className={`${base} bg-brand-600 text-white ${night.conflict ? "outline outline-4 -outline-offset-4 outline-amber-400" : ""}`}>
                  <span className="sr-only">
                    {`${label}: ${t("calendar.legend.booked")}, ${night.booking.guestName}`}
                    {night.conflict ? `. ${t("calendar.sync.conflictNight", { source: night.conflict })}` : ""}
                  </span>
                  <span aria-hidden="true" className="text-sm font-semibold">
                    {day}
                    {night.conflict ? " ⚠" : ""}
                  </span>
                  <span aria-hidden="true" className="w-full truncate text-[10px]">{night.booking.guestName}</span>
                </Link>
              </li>
            );
          }
          const blocked = night.state === "blocked";
          const content = (
            <>
              <span className="sr-only">{`${label}: ${blocked ? (night.source ? t("calendar.sync.importedNight", { source: night.source }) : t("calendar.legend.blocked")) : formatNumber(night.price, locale)}`}</span>
              <span aria-hidden="true" className={`text-sm font-semibold ${past ? "text-stone-400" : ""}`}>{day}</span>
              <span aria-hidden="true" className={`w-full truncate text-[10px] tabular-nums ${night.custom ? "font-semibold text-brand-700" : "text-stone-600"}`}>
                {blocked ? (night.source ?? t("calendar.blocked")) : formatNumber(night.price, locale)}
              </span>
              {night.minNights ? <span aria-hidden="true" className="text-[10px] text-stone-500">≥{night.minNights}</span> : null}
            </>
          );
          const tone = blocked ? "bg-stone-300 text-stone-700" : "bg-white text-stone-900";
          return (
            <li key={date} data-testid="night" data-date={date} data-state={night.state} data-price={night.price} data-source={night.source ?? undefined}>
              {past ? (
                <span className={`${base} ${tone} opacity-60`}>{content}</span>
              ) : (
                <Link
                  to={linkFor(date)}
                  preventScrollReset
                  className={`${base} ${tone} hover:ring-stone-500`}
                  aria-current={chosen(date) ? "true" : undefined}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RangeForm({ estateId, month, from, to, lastResult, collision }: { estateId: number; month: string; from: string | null; to: string | null; lastResult?: SubmissionResult<string[]>; collision?: number }) {
  const { t } = useTranslation("hosting");
  const { path } = useLocale();
  // Plain inputs: what the host typed comes back from the action's reply, the tapped range from the URL.
  const sent = (lastResult?.initialValue ?? {}) as Record<string, string | undefined>;
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null | undefined>;
  const field = (name: "from" | "to" | "price" | "minNights", label: string, type: "date" | "number", fallback = "", extra: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`range-${name}`} className="field-label">
        {label}
      </label>
      {type === "date" ? (
        <DateInput
          id={`range-${name}`}
          name={name}
          defaultValue={sent[name] ?? fallback}
          aria-invalid={errors[name]?.length ? true : undefined}
          aria-describedby={errors[name]?.length ? `range-${name}-error` : undefined}
          className="field-input"
          {...extra}
        />
      ) : (
        <input
          id={`range-${name}`}
          name={name}
          type={type}
          defaultValue={sent[name] ?? fallback}
          aria-invalid={errors[name]?.length ? true : undefined}
          aria-describedby={errors[name]?.length ? `range-${name}-error` : undefined}
          className="field-input"
          {...extra}
        />
      )}
      <FieldErrors id={`range-${name}-error`} errors={errors[name] ?? undefined} />
    </div>
  );
  return (
    <Form method="post" className="mt-6 space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="calendar-form" id="range">
      <h2 className="font-semibold text-stone-900">{t("calendar.range")}</h2>
      <input type="hidden" name="estate" value={estateId} />
      <input type="hidden" name="month" value={month} />
      <FormAlert errors={errors[""] ?? undefined} />
      {collision ? (
        <Link to={path(`/host/booking/${collision}`)} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline" data-testid="collision-link">
          #{collision}
        </Link>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        {field("from", t("calendar.from"), "date", from ?? "")}
        {field("to", t("calendar.to"), "date", to ?? "")}
      </div>
      <div className="flex flex-wrap gap-2">
        <BusyButton name="intent" value="block" className="inline-flex min-h-11 items-center rounded-full bg-stone-800 px-5 font-medium text-white hover:bg-stone-900" testId="block-button">
          {t("calendar.block")}
        </BusyButton>
        <BusyButton name="intent" value="unblock" className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-5 font-medium hover:bg-stone-100" testId="unblock-button">
          {t("calendar.unblock")}
        </BusyButton>
      </div>
      <div className="grid grid-cols-2 gap-3 border-t border-stone-200 pt-4">
        {field("price", t("calendar.price"), "number", "", { min: 100, step: 1, inputMode: "numeric" })}
        {field("minNights", t("calendar.minNights"), "number", "", { min: 1, max: 365, step: 1, inputMode: "numeric" })}
      </div>
      <p className="text-xs text-stone-500">{t("calendar.priceHint")}</p>
      <BusyButton name="intent" value="price" className="btn-primary w-full sm:w-auto" testId="price-button">
        {t("calendar.setPrice")}
      </BusyButton>
    </Form>
  );
}
