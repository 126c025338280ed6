/**
 * The availability rules of one object on /host/calendar (contract/availability-rules.ts): how
 * much notice the host needs, the nights kept free around stays and how far ahead guests may
 * book. A plain POST form with selects, so it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { ADVANCE_NOTICE_DAYS, BOOKING_WINDOW_MONTHS, PREPARATION_NIGHTS, type AvailabilityRules } from "../../../contract/availability-rules";
import { BusyButton } from "~/components/booking/submit";
import { FormAlert } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/use-translation";

const HOURS = Array.from({ length: 23 }, (_, i) => i + 1);

export function AvailabilityRulesForm({ rules, estateId, month, errors }: { rules: AvailabilityRules; estateId: number; month: string; errors?: string[] }) {
  const { t } = useTranslation("hosting");
  const select = (name: keyof AvailabilityRules, label: string, value: number | null, options: { value: string; label: string }[], hint?: string) => (
    <div>
      <label htmlFor={`rules-${name}`} className="field-label">
        {label}
      </label>
      <select id={`rules-${name}`} name={name} defaultValue={value === null ? "" : String(value)} className="field-input" aria-describedby={hint ? `rules-${name}-hint` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`rules-${name}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <Form method="post" preventScrollReset className="mt-6 space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="rules-form" id="rules" aria-labelledby="rules-title">
      <h2 id="rules-title" className="font-semibold text-stone-900">
        {t("calendar.rules.title")}
      </h2>
      <input type="hidden" name="estate" value={estateId} />
      <input type="hidden" name="month" value={month} />
      <FormAlert errors={errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        {select(
          "advanceNoticeDays",
          t("calendar.rules.notice"),
          rules.advanceNoticeDays,
          ADVANCE_NOTICE_DAYS.map((n) => ({ value: String(n), label: n === 0 ? t("calendar.rules.sameDay") : t("calendar.rules.days", { count: n }) })),
        )}
        {select(
          "sameDayUntilHour",
          t("calendar.rules.until"),
          rules.sameDayUntilHour,
          [{ value: "", label: t("calendar.rules.anyTime") }, ...HOURS.map((h) => ({ value: String(h), label: t("calendar.rules.untilHour", { time: `${String(h).padStart(2, "0")}:00` }) }))],
          t("calendar.rules.untilHint"),
        )}
        {select(
          "preparationNights",
          t("calendar.rules.preparation"),
          rules.preparationNights,
          PREPARATION_NIGHTS.map((n) => ({ value: String(n), label: n === 0 ? t("calendar.rules.none") : t("calendar.rules.nights", { count: n }) })),
          t("calendar.rules.preparationHint"),
        )}
        {select(
          "bookingWindowMonths",
          t("calendar.rules.window"),
          rules.bookingWindowMonths,
          [{ value: "", label: t("calendar.rules.anyWindow") }, ...BOOKING_WINDOW_MONTHS.map((n) => ({ value: String(n), label: t("calendar.rules.months", { count: n }) }))],
        )}
      </div>
      <BusyButton name="intent" value="rules" className="btn-primary w-full sm:w-auto" testId="rules-save">
        {t("calendar.rules.save")}
      </BusyButton>
    </Form>
  );
}
