/**
 * Form controls that work as plain HTML: a label, the input, and the server's message below it,
 * tied together with aria-describedby so a screen reader reads the error with the field.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { CountryCode } from "../../../contract/directory";
import { DateInput } from "./date-input";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form, any field: the components only read names, ids and errors.
type Field = FieldMetadata<any, any, string[]>;

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

export function TextField({
  field,
  label,
  hint,
  type = "text",
  ...rest
}: { field: Field; label: ReactNode; hint?: ReactNode; type?: "text" | "password" | "email" | "tel" | "date" } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {type === "date" ? (
        <DateField field={field} {...rest} className={rest.className ?? "field-input"} />
      ) : (
        <input {...getInputProps(field, { type })} {...rest} className={rest.className ?? "field-input"} />
      )}
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A date: conform's props on DateInput (the date in the page's language, the mask without a picker). */
function DateField({ field, ...rest }: { field: Field } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "value" | "pattern" | "placeholder">) {
  const { key, type: _type, defaultValue, ...props } = getInputProps(field, { type: "date" });
  return <DateInput key={key} {...props} {...rest} defaultValue={typeof defaultValue === "string" ? defaultValue : ""} />;
}

/** A one-time code: the phone's keyboard shows digits and offers the code from the SMS. */
export function CodeField({ field, label }: { field: Field; label: ReactNode }) {
  return (
    <TextField
      field={field}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      className="field-input text-center text-2xl tracking-[0.5em]"
    />
  );
}

/** Country code (Kyrgyzstan first) and the national number typed as people write it. */
export function PhoneField({
  countryCode,
  phone,
  countries,
  label,
}: {
  countryCode: Field;
  phone: Field;
  countries: CountryCode[];
  label: ReactNode;
}) {
  const { t } = useTranslation("common");
  const selected = String(countryCode.initialValue ?? countries[0]?.phoneCode.replace(/\D/g, "") ?? "996");
  const mask = countries.find((c) => c.phoneCode.replace(/\D/g, "") === selected)?.mask;
  return (
    <div>
      <label htmlFor={phone.id} className="field-label">
        {label}
      </label>
      <div className="flex gap-2">
        <select
          name={countryCode.name}
          id={countryCode.id}
          defaultValue={selected}
          aria-label={t("form.countryCodeLabel")}
          className="field-input w-28 shrink-0 pr-1"
        >
          {countries.map((c) => (
            <option key={c.id} value={c.phoneCode.replace(/\D/g, "")}>
              {/* The ISO code, not the flag emoji: many phones and Windows draw flags as empty boxes. */}
              {c.iso} +{c.phoneCode.replace(/\D/g, "")}
            </option>
          ))}
        </select>
        <input
          {...getInputProps(phone, { type: "tel" })}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={mask?.replace(/#/g, "0") ?? "700 123 456"}
          className="field-input"
        />
      </div>
      <FieldErrors id={phone.errorId} errors={phone.errors} />
    </div>
  );
}

export function FormAlert({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="form-errors">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

export function SubmitButton({ children, name, value, className = "btn-primary w-full", form }: { children: ReactNode; name?: string; value?: string; className?: string; form?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} className={className} disabled={busy} aria-busy={busy} form={form}>
      {children}
    </button>
  );
}

export function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "success" }) {
  const styles = tone === "success" ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-sky-200 bg-sky-50 text-sky-900";
  return (
    <div role="status" className={`rounded-xl border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}
