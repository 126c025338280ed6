import { Form } from "@remix-run/react";

/**
 * A GET form that picks one of the host's objects: a plain select and a "Show" button without
 * JavaScript, submitted on change with it. `keep` carries the page's other parameters.
 */
export function ObjectPicker({
  id,
  action,
  label,
  submitLabel,
  estates,
  value,
  allLabel,
  keep,
  className,
}: {
  id: string;
  action: string;
  label: string;
  submitLabel: string;
  estates: { id: number; title: string }[];
  value: number | string | null | undefined;
  /** An option for every object; without it one object is always chosen. */
  allLabel?: string;
  keep: Record<string, string>;
  className: string;
}) {
  return (
    <Form method="get" action={action} className={`${className} flex flex-wrap items-end gap-2`} data-testid={id}>
      {Object.entries(keep).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <select id={id} name="estate" defaultValue={value ?? ""} className="field-input" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
          {estates.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100">
        {submitLabel}
      </button>
    </Form>
  );
}
