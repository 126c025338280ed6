import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "~/components/forms/fields";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form, any field: only names, ids and errors are read.
type Field = FieldMetadata<any, any, string[]>;

/** A labelled native <select>: the phone's own picker, no JavaScript needed. */
export function SelectField({ field, label, hint, options }: { field: Field; label: ReactNode; hint?: ReactNode; options: { value: string; label: string; lang?: string }[] }) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <select {...getSelectProps(field)} className="field-input">
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
