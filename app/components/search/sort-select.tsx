import { useNavigate } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { SEARCH_DEFAULTS, SORT_OPTIONS, cleanFormQuery, type FieldErrorMessage } from "~/lib/search-params";
import { FieldError, invalidProps } from "./field-error";

/** The filter form's id (filter-form.tsx): the sort order is one of its fields, kept apart. */
export const SEARCH_FORM_ID = "search-form";

/** The sort order, kept beside the results but sent with the filter form (`form` attribute). */
export function SortSelect({ value, error }: { value: string; error?: FieldErrorMessage }) {
  const { t } = useTranslation("estates");
  const { path } = useLocale();
  const navigate = useNavigate();
  const id = "sort";
  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only shrink-0 text-sm text-stone-600 sm:not-sr-only">
        {t("form.sort")}
      </label>
      <select
        id={id}
        name="orderBy"
        form={SEARCH_FORM_ID}
        defaultValue={value || SEARCH_DEFAULTS.orderBy}
        className="min-w-0 max-w-full rounded-full border border-stone-300 bg-white py-1.5 pl-3 pr-8 text-sm font-medium text-stone-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        onChange={(event) => {
          // The server checks the filter anyway; a half-edited field must not block the sort.
          const form = event.currentTarget.form;
          if (form) navigate(`${path("/estates")}${cleanFormQuery(new FormData(form).entries())}`);
        }}
        {...invalidProps(id, error)}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {t(`sort.${o}`)}
          </option>
        ))}
      </select>
      {/* Without script the select cannot send itself: its own button, named for what it does. */}
      <noscript>
        <button type="submit" form={SEARCH_FORM_ID} className="min-h-9 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100" data-testid="sort-submit">
          {t("form.sortApply")}
        </button>
      </noscript>
      <FieldError inputId={id} field="orderBy" error={error} />
    </div>
  );
}
