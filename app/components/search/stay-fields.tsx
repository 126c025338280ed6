import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { DateInput } from "~/components/forms/date-input";
import { addDays } from "../../../contract/dates";
import { useLocale } from "~/i18n/use-locale";
import { LIMITS, isRealDate, type FieldErrorMessage, type FilterField, type SearchValues } from "~/lib/search-params";
import { DESTINATIONS } from "./destinations";
import { FieldError, invalidProps } from "./field-error";

type Errors = Partial<Record<FilterField, FieldErrorMessage>>;

/** Where to: free text, with popular places suggested by the browser (a datalist, no script). */
export function LocationField({
  idPrefix,
  value,
  error,
  className = "",
  inputClassName = "field-input",
  labelClassName = "field-label",
}: {
  idPrefix: string;
  value: string;
  error?: FieldErrorMessage;
  className?: string;
  inputClassName?: string;
  labelClassName?: string;
}) {
  const { t } = useTranslation("estates");
  const { locale } = useLocale();
  const id = `${idPrefix}-location`;
  const listId = `${idPrefix}-destinations`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {t("form.where")}
      </label>
      <input
        id={id}
        name="location"
        type="search"
        defaultValue={value}
        placeholder={t("form.wherePlaceholder")}
        maxLength={LIMITS.location}
        enterKeyHint="search"
        autoComplete="off"
        list={listId}
        className={inputClassName}
        {...invalidProps(id, error)}
      />
      <datalist id={listId}>
        {DESTINATIONS.map((d) => (
          <option key={d.key} value={d.names[locale]} />
        ))}
      </datalist>
      <FieldError inputId={id} field="location" error={error} />
    </div>
  );
}

/**
 * Check-in and check-out, never before today. With JavaScript, check-out follows check-in: its
 * `min` moves and a check-out no longer after check-in moves to the next day.
 */
export function DateFields({
  idPrefix,
  values,
  errors,
  today,
  className = "",
  fieldClassName = "",
  inputClassName = "field-input",
  labelClassName = "field-label",
}: {
  idPrefix: string;
  values: Pick<SearchValues, "checkInDate" | "checkOutDate">;
  errors: Errors;
  today: string;
  className?: string;
  fieldClassName?: string;
  inputClassName?: string;
  labelClassName?: string;
}) {
  const { t } = useTranslation("estates");
  const [checkIn, setCheckIn] = useState(isRealDate(values.checkInDate) ? values.checkInDate : "");
  const checkInRef = useRef<HTMLInputElement>(null);
  const checkOutRef = useRef<HTMLInputElement>(null);

  /** A new check-in: check-out's `min` moves, and a check-out no longer after it moves to the next day. */
  function follow(next: string) {
    setCheckIn(next);
    const out = checkOutRef.current;
    if (out && isRealDate(next) && (!out.value || out.value <= next)) {
      out.value = addDays(next, 1);
      // The field's line in words follows (DateInput listens for input).
      out.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  // A check-in chosen before the form hydrated (it may hydrate lazily) is in the field, not in the
  // server's HTML: follow it.
  useEffect(() => {
    const field = checkInRef.current;
    if (field && field.value !== field.defaultValue) follow(field.value);
    // Once, when hydrated.
  }, []);
  const inId = `${idPrefix}-checkInDate`;
  const outId = `${idPrefix}-checkOutDate`;
  const checkOutMin = checkIn && checkIn >= today ? addDays(checkIn, 1) : addDays(today, 1);
  return (
    <div className={className}>
      <div className={fieldClassName}>
        <label htmlFor={inId} className={labelClassName}>
          {t("form.checkIn")}
        </label>
        <DateInput
          ref={checkInRef}
          id={inId}
          name="checkInDate"
          defaultValue={values.checkInDate}
          min={today}
          className={inputClassName}
          onChange={(event) => follow(event.currentTarget.value)}
          {...invalidProps(inId, errors.checkInDate)}
        />
        <FieldError inputId={inId} field="checkInDate" error={errors.checkInDate} />
      </div>
      <div className={fieldClassName}>
        <label htmlFor={outId} className={labelClassName}>
          {t("form.checkOut")}
        </label>
        <DateInput
          ref={checkOutRef}
          id={outId}
          name="checkOutDate"
          defaultValue={values.checkOutDate}
          min={checkOutMin}
          className={inputClassName}
          {...invalidProps(outId, errors.checkOutDate)}
        />
        <FieldError inputId={outId} field="checkOutDate" error={errors.checkOutDate} />
      </div>
    </div>
  );
}

/** A small whole-number field (guests, beds): digits keypad on phones, bounds from the API. */
export function CountField({
  idPrefix,
  field,
  label,
  value,
  error,
  placeholder,
  className = "",
  inputClassName = "field-input",
  labelClassName = "field-label",
}: {
  idPrefix: string;
  field: "adultCount" | "childrenCount" | "bedCount";
  label: string;
  value: string;
  error?: FieldErrorMessage;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  labelClassName?: string;
}) {
  const id = `${idPrefix}-${field}`;
  const { min, max } = LIMITS[field];
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        name={field}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        defaultValue={value}
        placeholder={placeholder}
        className={inputClassName}
        {...invalidProps(id, error)}
      />
      <FieldError inputId={id} field={field} error={error} />
    </div>
  );
}
