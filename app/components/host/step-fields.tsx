/**
 * The fields of each wizard step, as plain HTML controls: native selects, number inputs, checkboxes
 * and radios a phone renders itself, each with its label and the server's message under it.
 * The step page (app/routes/($lang).host.objects.$id.$step.tsx) picks the set by step id.
 */
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Nutrition, Parameter, EstateType, EstateSubtype } from "../../../contract/directory";
import { FEE_MAX, PLACE_NAME_MAX, type PlaceOption } from "../../../contract/listing-steps";
import { DISCOUNT_MAX, MONTHLY_NIGHTS, WEEKLY_NIGHTS } from "../../../contract/stay-price";
import { COOPERATION_FORMATS, COOPERATION_FORMAT_IDS, DAY_HOURS } from "../../../contract/stay-terms";
import { FieldErrors, TextField } from "~/components/forms/fields";
import { SelectField } from "~/components/profile/select-field";
import { AddressMap } from "./address-map";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the step's fields differ per step; only names, ids and errors are read.
export type Field = FieldMetadata<any, any, string[]>;
export type Fields = Record<string, Field>;

export type StepOptions = {
  types?: (EstateType & { subtypes: EstateSubtype[] })[];
  places?: PlaceOption[];
  parameters?: Parameter[];
  nutrition?: Nutrition[];
  /** The map's tile server (MAP_TILE_URL), for the address step's pin. */
  tiles?: { url: string; attribution: string };
};

/** Where the complex's grounds are described (its territory), apart from what a room offers. */
export const TERRITORY_GROUPS = ["outdoor", "wellness", "services", "view"];

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined || value === null || value === "" ? [] : [String(value)]);

function NumberField({ field, label, hint, min, max }: { field: Field; label: ReactNode; hint?: ReactNode; min?: number; max?: number }) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input {...getInputProps(field, { type: "number" })} min={min} max={max} inputMode="numeric" className="field-input" />
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function TextArea({ field, label, lang }: { field: Field; label: ReactNode; lang: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} lang={lang} rows={6} className="field-input min-h-32" />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Checkbox({ field, label }: { field: Field; label: ReactNode }) {
  return (
    <div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
        <input type="checkbox" name={field.name} id={field.id} defaultChecked={field.initialValue === "on" || field.initialValue === "true"} className="h-5 w-5 rounded border-stone-400" />
        {label}
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function CheckboxGroup({ field, legend, options }: { field: Field; legend: ReactNode; options: { id: number; name: string }[] }) {
  const checked = asList(field.initialValue);
  return (
    <fieldset>
      <legend className="field-label">{legend}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.id} className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
            <input type="checkbox" name={field.name} value={o.id} defaultChecked={checked.includes(String(o.id))} className="h-5 w-5 rounded border-stone-400" />
            {o.name}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function RadioGroup({ field, legend, options }: { field: Field; legend: ReactNode; options: { value: string; label: ReactNode }[] }) {
  const current = String(field.initialValue ?? "");
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="space-y-2">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-start gap-3 rounded-xl p-3 text-sm text-stone-800 ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
            <input type="radio" name={field.name} value={o.value} defaultChecked={current === o.value} className="mt-0.5 h-5 w-5" />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function HourSelect({ field, label, optional }: { field: Field; label: ReactNode; optional?: string }) {
  const hours = DAY_HOURS.map((h) => ({ value: h, label: h }));
  return <SelectField field={field} label={label} options={optional ? [{ value: "", label: optional }, ...hours] : hours} />;
}

export function StepFields({ step, fields, options, maskedLandlord }: { step: string; fields: Fields; options: StepOptions; maskedLandlord?: Record<string, unknown> }) {
  const { t } = useTranslation("listing");
  const f = (name: string) => fields[name];
  switch (step) {
    case "type": {
      const types = options.types ?? [];
      return (
        <>
          <RadioGroup field={f("typeId")} legend={t("fields.typeId")} options={types.map((ty) => ({ value: String(ty.id), label: ty.name }))} />
          <SubtypeSelect types={types} typeField={f("typeId")} field={f("subtypeId")} />
        </>
      );
    }
    case "title":
      return (
        <>
          <p className="text-sm text-stone-600">{t("fields.titleHint")}</p>
          {(["ru", "en", "ky"] as const).map((lang) => (
            <TextField key={lang} field={f(`title_${lang}`)} label={t(`fields.title_${lang}`)} lang={lang} maxLength={120} />
          ))}
        </>
      );
    case "address":
      return (
        <>
          {/* Typed, with the known towns as suggestions: any settlement can be listed (issue 27). */}
          <TextField field={f("place")} label={t("fields.place")} hint={t("fields.placeHint")} list="address-places" autoComplete="address-level2" maxLength={PLACE_NAME_MAX} />
          <datalist id="address-places">
            {(options.places ?? []).map((p) => (
              <option key={p.slug} value={p.name} />
            ))}
          </datalist>
          <TextField field={f("street")} label={t("fields.street")} autoComplete="address-line1" />
          <TextField field={f("house")} label={t("fields.house")} />
          {options.tiles ? <AddressMap ids={{ place: f("place").id, lat: f("lat").id, lng: f("lng").id }} places={options.places ?? []} tiles={options.tiles} /> : null}
          <div className="grid grid-cols-2 gap-3">
            <NumberLike field={f("lat")} label={t("fields.lat")} />
            <NumberLike field={f("lng")} label={t("fields.lng")} />
          </div>
          <p className="text-xs text-stone-500">{t("fields.coordsHint")}</p>
        </>
      );
    case "capacity":
      return (
        <div className="grid grid-cols-2 gap-3">
          <NumberField field={f("guests")} label={t("fields.guests")} min={1} max={50} />
          <NumberField field={f("bedrooms")} label={t("fields.bedrooms")} min={0} max={30} />
          <NumberField field={f("beds")} label={t("fields.beds")} min={1} max={60} />
          <NumberField field={f("baths")} label={t("fields.baths")} min={0} max={20} />
        </div>
      );
    case "description":
      return (
        <>
          <p className="text-sm text-stone-600">{t("fields.descriptionHint")}</p>
          {(["ru", "en", "ky"] as const).map((lang) => (
            <TextArea key={lang} field={f(`description_${lang}`)} label={t(`fields.description_${lang}`)} lang={lang} />
          ))}
        </>
      );
    case "parameters":
      return (
        <>
          <CheckboxGroup field={f("parameterIds")} legend={t("fields.parameterIds")} options={(options.parameters ?? []).filter((p) => !TERRITORY_GROUPS.includes(p.group))} />
          <CheckboxGroup field={f("nutritionIds")} legend={t("fields.nutritionIds")} options={options.nutrition ?? []} />
        </>
      );
    case "complex_parameters":
      return <CheckboxGroup field={f("parameterIds")} legend={t("fields.complexParameterIds")} options={(options.parameters ?? []).filter((p) => TERRITORY_GROUPS.includes(p.group))} />;
    case "price":
      return (
        <>
          <NumberField field={f("price")} label={t("fields.price")} hint={t("fields.priceHint")} min={300} max={130000} />
          <NumberField field={f("weekendPrice")} label={t("fields.weekendPrice")} min={300} max={130000} />
          <div className="grid grid-cols-2 gap-3">
            <NumberField field={f("minNights")} label={t("fields.minNights")} min={1} max={30} />
            <NumberField field={f("maxNights")} label={t("fields.maxNights")} min={1} max={365} />
          </div>
          <fieldset className="space-y-4" data-testid="fees">
            <legend className="field-label">{t("fields.fees")}</legend>
            <NumberField field={f("cleaningFee")} label={t("fields.cleaningFee")} hint={t("fields.cleaningFeeHint")} min={0} max={FEE_MAX} />
            <div className="grid grid-cols-2 items-end gap-3">
              <NumberField field={f("extraGuestFee")} label={t("fields.extraGuestFee")} min={0} max={FEE_MAX} />
              <NumberField field={f("extraGuestsAbove")} label={t("fields.extraGuestsAbove")} min={1} max={50} />
            </div>
          </fieldset>
          <fieldset className="space-y-4" data-testid="discounts">
            <legend className="field-label">{t("fields.discounts")}</legend>
            <div className="grid grid-cols-2 items-end gap-3">
              <NumberField field={f("weeklyDiscount")} label={t("fields.weeklyDiscount", { nights: WEEKLY_NIGHTS })} min={0} max={DISCOUNT_MAX} />
              <NumberField field={f("monthlyDiscount")} label={t("fields.monthlyDiscount", { nights: MONTHLY_NIGHTS })} min={0} max={DISCOUNT_MAX} />
            </div>
            <p className="text-xs text-stone-500">{t("fields.discountsHint")}</p>
          </fieldset>
        </>
      );
    case "house_rules":
      return (
        <>
          <div className="grid grid-cols-2 gap-3">
            <HourSelect field={f("checkInFrom")} label={t("fields.checkInFrom")} />
            <HourSelect field={f("checkInUntil")} label={t("fields.checkInUntil")} />
            <HourSelect field={f("checkOutFrom")} label={t("fields.checkOutFrom")} />
            <HourSelect field={f("checkOutUntil")} label={t("fields.checkOutUntil")} />
          </div>
          <Checkbox field={f("pets")} label={t("fields.pets")} />
          <Checkbox field={f("smoking")} label={t("fields.smoking")} />
          <Checkbox field={f("parties")} label={t("fields.parties")} />
          <div className="grid grid-cols-2 gap-3">
            <HourSelect field={f("quietFrom")} label={t("fields.quietFrom")} optional={t("fields.none")} />
            <HourSelect field={f("quietUntil")} label={t("fields.quietUntil")} optional={t("fields.none")} />
          </div>
        </>
      );
    case "booking_rules":
      return (
        <>
          <RadioGroup field={f("confirmation")} legend={t("fields.confirmation")} options={["instant", "request"].map((v) => ({ value: v, label: t(`fields.${v}`) }))} />
          <RadioGroup field={f("cancellation")} legend={t("fields.cancellation")} options={["flexible", "moderate", "strict"].map((v) => ({ value: v, label: t(`fields.${v}`) }))} />
        </>
      );
    case "start":
      return <TextField field={f("availableFrom")} type="date" label={t("fields.availableFrom")} />;
    case "cooperation_format":
      return (
        <RadioGroup
          field={f("format")}
          legend={t("fields.format")}
          options={COOPERATION_FORMAT_IDS.map((id) => ({ value: id, label: t(`fields.${id}`, { percent: COOPERATION_FORMATS[id].commissionPercent }) }))}
        />
      );
    case "landlord_data":
      return (
        <>
          <RadioGroup field={f("landlordKind")} legend={t("fields.landlordKind")} options={["individual", "company"].map((v) => ({ value: v, label: t(`fields.${v}`) }))} />
          <TextField field={f("legalName")} label={t("fields.legalName")} autoComplete="name" />
          <TextField field={f("taxId")} label={t("fields.taxId")} inputMode="numeric" autoComplete="off" placeholder={maskedLandlord?.taxId ? String(maskedLandlord.taxId) : undefined} />
          <TextField field={f("payoutAccount")} label={t("fields.payoutAccount")} inputMode="numeric" autoComplete="off" placeholder={maskedLandlord?.payoutAccount ? String(maskedLandlord.payoutAccount) : undefined} />
          {maskedLandlord ? <p className="text-xs text-stone-500">{t("fields.maskedNote")}</p> : null}
        </>
      );
    default:
      return null;
  }
}

/**
 * The subtype, a plain select. Without JavaScript it lists every type's subtypes, grouped by type
 * (the server refuses one of another type by name); with it, only the chosen type's, following the
 * type radios as they change, and none at all for a type without subtypes (issue 27).
 */
function SubtypeSelect({ types, typeField, field }: { types: NonNullable<StepOptions["types"]>; typeField: Field; field: Field }) {
  const { t } = useTranslation("listing");
  const [scripted, setScripted] = useState(false);
  const [chosen, setChosen] = useState(String(typeField.initialValue ?? ""));
  useEffect(() => {
    setScripted(true);
    // On the document: the radios are rendered anew after a refused save, and still heard.
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (target?.name === typeField.name && target.checked) setChosen(target.value);
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [typeField.name]);

  const groups = (scripted ? types.filter((ty) => String(ty.id) === chosen) : types).filter((ty) => ty.subtypes.length);
  if (!groups.length) return null;
  const initial = String(field.initialValue ?? "");
  const fits = groups.some((ty) => ty.subtypes.some((s) => String(s.id) === initial));
  return (
    <div data-testid="subtype-field">
      <label htmlFor={field.id} className="field-label">
        {t("fields.subtypeId")}
      </label>
      {/* Keyed by the type: another type starts from "no subtype" rather than keeping one that does not fit. */}
      <select
        key={scripted ? chosen : "all"}
        name={field.name}
        id={field.id}
        defaultValue={fits ? initial : ""}
        className="field-input"
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
      >
        <option value="">{t("fields.noSubtype")}</option>
        {scripted
          ? groups[0].subtypes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))
          : groups.map((ty) => (
              <optgroup key={ty.id} label={ty.name}>
                {ty.subtypes.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Coordinates: decimals with a minus sign or a comma typed on a phone keyboard. */
function NumberLike({ field, label }: { field: Field; label: ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input {...getInputProps(field, { type: "text" })} inputMode="decimal" className="field-input" />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
