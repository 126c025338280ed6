import { Form, useNavigate } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { CountField, DateFields, LocationField } from "~/components/search/stay-fields";
import { useLocale } from "~/i18n/use-locale";
import { SEARCH_DEFAULTS, cleanFormQuery, emptyValues } from "~/lib/search-params";

const cell = "rounded-xl px-3 py-2 transition focus-within:bg-stone-50 lg:rounded-full lg:px-5";
const label = "mb-0.5 block text-xs font-semibold uppercase tracking-wide text-stone-500";
const bare =
  "block w-full border-0 bg-transparent p-0 text-base font-medium text-stone-900 placeholder:font-normal placeholder:text-stone-400 focus:outline-none focus:ring-0 [&::-webkit-calendar-picker-indicator]:opacity-60";

/**
 * Where, when and who: a plain GET form to `/estates` (no script needed). With JavaScript, blank
 * fields stay out of the address.
 */
export function HeroSearch({ today }: { today: string }) {
  const { t } = useTranslation("estates");
  const { path } = useLocale();
  const navigate = useNavigate();
  const action = path("/estates");
  const values = emptyValues();
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("form.searchLabel")}
      data-testid="hero-search"
      onSubmit={(event) => {
        event.preventDefault();
        navigate(`${action}${cleanFormQuery(new FormData(event.currentTarget).entries())}`);
      }}
      className="grid grid-cols-2 gap-1 rounded-3xl bg-white p-2 text-stone-900 shadow-xl shadow-brand-900/20 ring-1 ring-black/5 lg:flex lg:items-center lg:gap-0 lg:rounded-full"
    >
      <LocationField idPrefix="hero" value="" className={`col-span-2 lg:min-w-0 lg:flex-[1.6] ${cell}`} inputClassName={bare} labelClassName={label} />
      <div aria-hidden="true" className="col-span-2 mx-3 h-px bg-stone-200 lg:mx-0 lg:h-8 lg:w-px" />
      <DateFields idPrefix="hero" values={values} errors={{}} today={today} className="contents" fieldClassName={`lg:min-w-0 lg:flex-1 ${cell}`} inputClassName={bare} labelClassName={label} />
      <div aria-hidden="true" className="col-span-2 mx-3 h-px bg-stone-200 lg:mx-0 lg:h-8 lg:w-px" />
      <CountField idPrefix="hero" field="adultCount" label={t("form.adults")} value={String(SEARCH_DEFAULTS.adultCount)} className={`lg:w-28 ${cell}`} inputClassName={bare} labelClassName={label} />
      <CountField idPrefix="hero" field="childrenCount" label={t("form.children")} value="0" className={`lg:w-28 ${cell}`} inputClassName={bare} labelClassName={label} />
      <button type="submit" className="btn-primary col-span-2 mt-1 py-3 text-base lg:ml-2 lg:mt-0 lg:px-7" data-testid="hero-submit">
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4 4" />
        </svg>
        {t("form.search")}
      </button>
    </Form>
  );
}
