import { Form, Link, useNavigate } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Parameter } from "../../../contract/directory";
import { useLocale } from "~/i18n/use-locale";
import { AREA_PLACE_FIELD, LIMITS, RATE_OPTIONS, SEARCH_DEFAULTS, STAR_OPTIONS, cleanFormQuery, type FieldErrorMessage, type FilterField, type SearchValues } from "~/lib/search-params";
import { FieldError, invalidProps } from "./field-error";
import type { FilterOptions, SearchDirectory } from "~/routes-server/($lang).estates._index.server";
import { ServerRendered, useServerOnlyData } from "~/components/server-rendered";
import { SEARCH_FORM_ID } from "./sort-select";
import { CountField, DateFields, LocationField } from "./stay-fields";
import { TypeFields } from "./type-fields";

type Errors = Partial<Record<FilterField, FieldErrorMessage>>;

const SECTION_CLASS = "border-t border-stone-200 pt-4 first:border-t-0 first:pt-0";

/** A group of fields; `bare` when its wrapper draws the rule above it (ServerRendered below). */
function Section({ legend, children, hint, bare = false }: { legend: string; children: ReactNode; hint?: string; bare?: boolean }) {
  return (
    <fieldset className={bare ? undefined : SECTION_CLASS}>
      <legend className="float-left mb-3 w-full text-sm font-semibold uppercase tracking-wide text-stone-500">{legend}</legend>
      {hint ? <p className="clear-both -mt-2 mb-3 text-xs text-stone-500">{hint}</p> : null}
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

function Check({ name, value, checked, children, type = "checkbox", testId }: { name: string; value: string; checked: boolean; children: ReactNode; type?: "checkbox" | "radio"; testId?: string }) {
  return (
    <label className="check">
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        data-testid={testId}
        className={`check-box ${type === "radio" ? "rounded-full" : "rounded"}`}
      />
      <span>{children}</span>
    </label>
  );
}

/** Parameters by group, in the order the API gives them. */
function groupsOf<P extends Pick<Parameter, "group">>(parameters: P[]): [string, P[]][] {
  const groups = new Map<string, P[]>();
  for (const p of parameters) {
    const list = groups.get(p.group) ?? [];
    list.push(p);
    groups.set(p.group, list);
  }
  return [...groups.entries()];
}

/**
 * The whole search filter as one GET form: works as it is without JavaScript; with it, blank
 * fields are left out of the address and the page changes without a reload.
 */
export function FilterForm({
  values,
  errors,
  directory,
  today,
  resetHref,
  onSubmitted,
}: {
  values: SearchValues;
  errors: Errors;
  directory: SearchDirectory;
  today: string;
  resetHref: string;
  onSubmitted?: () => void;
}) {
  const { t } = useTranslation("estates");
  const { path } = useLocale();
  const navigate = useNavigate();
  const action = path("/estates");
  const idPrefix = "f";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(form, submitter instanceof HTMLElement ? submitter : undefined);
    onSubmitted?.();
    navigate(`${action}${cleanFormQuery(data.entries())}`);
  }

  const priceFromId = `${idPrefix}-priceFrom`;
  const priceToId = `${idPrefix}-priceTo`;
  const renderedOptions = useServerOnlyData<FilterOptions>("filterOptions");
  const options = directory.options ?? renderedOptions;

  return (
    <Form method="get" action={action} id={SEARCH_FORM_ID} onSubmit={submit} className="space-y-5" aria-label={t("filters.title")} data-testid="filter-form">
      {/* The map area is no field of the form, but a changed filter keeps it (the list's chip removes it);
          a newly typed place replaces it (AREA_PLACE_FIELD). */}
      {values.topRight && values.leftBottom ? (
        <>
          <input type="hidden" name="topRight" value={values.topRight} />
          <input type="hidden" name="leftBottom" value={values.leftBottom} />
          <input type="hidden" name={AREA_PLACE_FIELD} value={values.location} />
        </>
      ) : null}
      <Section legend={t("form.stay")}>
        <div className="space-y-3">
          <LocationField idPrefix={idPrefix} value={values.location} error={errors.location} />
          <DateFields idPrefix={idPrefix} values={values} errors={errors} today={today} className="grid gap-3 min-[400px]:grid-cols-2 lg:grid-cols-1" inputClassName="field-input" />
          <div className="grid grid-cols-2 gap-3">
            <CountField idPrefix={idPrefix} field="adultCount" label={t("form.adults")} value={values.adultCount} placeholder={String(SEARCH_DEFAULTS.adultCount)} error={errors.adultCount} />
            <CountField idPrefix={idPrefix} field="childrenCount" label={t("form.children")} value={values.childrenCount} placeholder="0" error={errors.childrenCount} />
          </div>
        </div>
      </Section>

      <Section legend={t("form.property")}>
        <div className="space-y-3">
          <TypeFields
            idPrefix={idPrefix}
            types={directory.types}
            subtypes={directory.subtypes}
            type={values.type}
            subtype={values.subtype}
            errors={{ type: errors.type, subtype: errors.subtype }}
          />
          <CountField idPrefix={idPrefix} field="bedCount" label={t("form.beds")} value={values.bedCount} placeholder={t("form.anyBeds")} error={errors.bedCount} />
        </div>
      </Section>

      <Section legend={t("form.price")}>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={priceFromId} className="field-label">
              {t("form.priceFrom")}
            </label>
            <input
              id={priceFromId}
              name="priceFrom"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              defaultValue={values.priceFrom}
              placeholder={String(SEARCH_DEFAULTS.priceFrom)}
              className="field-input"
              {...invalidProps(priceFromId, errors.priceFrom)}
            />
            <FieldError inputId={priceFromId} field="priceFrom" error={errors.priceFrom} />
          </div>
          <div>
            <label htmlFor={priceToId} className="field-label">
              {t("form.priceTo")}
            </label>
            <input
              id={priceToId}
              name="priceTo"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              defaultValue={values.priceTo}
              placeholder={String(SEARCH_DEFAULTS.priceTo)}
              className="field-input"
              {...invalidProps(priceToId, errors.priceTo)}
            />
            <FieldError inputId={priceToId} field="priceTo" error={errors.priceTo} />
          </div>
        </div>
        <p className="mt-2 text-xs text-stone-500">{t("form.priceHint", { max: LIMITS.price.max })}</p>
      </Section>

      <Section legend={t("form.rating")}>
        <div role="radiogroup" aria-label={t("form.rating")} className="grid grid-cols-1">
          <Check type="radio" name="rate" value="" checked={!values.rate}>
            {t("form.anyRating")}
          </Check>
          {RATE_OPTIONS.map((band) => (
            <Check key={band} type="radio" name="rate" value={band} checked={values.rate === band} testId={`rate-${band}`}>
              {t(`form.rate.${band}`)}
            </Check>
          ))}
        </div>
        <FieldError inputId={`${idPrefix}-rate`} field="rate" error={errors.rate} />
      </Section>

      <Section legend={t("form.stars")}>
        <div className="grid grid-cols-1">
          {STAR_OPTIONS.map((n) => (
            <Check key={n} name="star" value={String(n)} checked={values.star.includes(String(n))} testId={`star-${n}`}>
              <span aria-hidden="true" className="mr-1.5 tracking-tight text-amber-500">
                {"★".repeat(n)}
              </span>
              <span className="sr-only">{t("form.starCount", { count: n })}</span>
            </Check>
          ))}
        </div>
        <FieldError inputId={`${idPrefix}-star`} field="star" error={errors.star} />
      </Section>

      {/* The amenities and meals are plain checkboxes: rendered by the server, kept as HTML (sent with the form all the same). */}
      <ServerRendered id={`${idPrefix}-parameters-options`} className="border-t border-stone-200 pt-4" data={options}>
        {({ parameters }) => {
          const groups = groupsOf(parameters);
          return groups.length ? (
            <Section legend={t("form.parameters")} hint={t("form.parametersHint")} bare>
              <div className="space-y-3">
                {groups.map(([group, list]) => (
                  <div key={group}>
                    {groups.length > 1 ? <p className="mb-1 text-sm font-medium text-stone-700">{t(`parameterGroups.${group}`, { defaultValue: group })}</p> : null}
                    <div className="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-1">
                      {list.map((p) => (
                        <Check key={p.id} name="parameters" value={String(p.id)} checked={values.parameters.includes(String(p.id))} testId={`parameter-${p.slug}`}>
                          {p.name}
                        </Check>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
              <FieldError inputId={`${idPrefix}-parameters`} field="parameters" error={errors.parameters} />
            </Section>
          ) : null;
        }}
      </ServerRendered>

      <ServerRendered id={`${idPrefix}-nutrition-options`} className="border-t border-stone-200 pt-4" data={options}>
        {({ nutrition }) =>
          nutrition.length ? (
            <Section legend={t("form.nutrition")} bare>
              <div className="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-1">
                {nutrition.map((n) => (
                  <Check key={n.id} name="nutrition" value={String(n.id)} checked={values.nutrition.includes(String(n.id))} testId={`nutrition-${n.slug}`}>
                    {n.name}
                  </Check>
                ))}
              </div>
              <FieldError inputId={`${idPrefix}-nutrition`} field="nutrition" error={errors.nutrition} />
            </Section>
          ) : null
        }
      </ServerRendered>

      <Section legend={t("form.booking")}>
        <label className="flex cursor-pointer items-start gap-2.5">
          <input type="checkbox" name="isInstantConfirmation" value="1" defaultChecked={values.isInstantConfirmation} className="mt-0.5 h-5 w-5 shrink-0 rounded accent-brand-600" data-testid="instant" />
          <span>
            <span className="block text-[0.95rem] font-medium text-stone-800">⚡ {t("form.instant")}</span>
            <span className="block text-xs text-stone-500">{t("form.instantHint")}</span>
          </span>
        </label>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-1 rounded-b-2xl border-t border-stone-200 bg-white/95 px-4 pb-3 pt-3 backdrop-blur">
        <button type="submit" className="btn-primary w-full" data-testid="apply-filters">
          {t("filters.apply")}
        </button>
        <Link
          to={resetHref}
          className="self-center rounded-full px-3 py-1.5 text-sm font-medium text-stone-600 underline-offset-2 hover:bg-stone-100 hover:text-stone-900 hover:underline"
          data-testid="reset-filters"
        >
          {t("filters.reset")}
        </Link>
      </div>
    </Form>
  );
}
