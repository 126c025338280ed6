import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { EstateSubtype, EstateType } from "../../../contract/directory";
import { useLocale } from "~/i18n/use-locale";
import type { FieldErrorMessage } from "~/lib/search-params";
import { FieldError, invalidProps } from "./field-error";

export type SubtypesData = { typeId: number; subtypes: EstateSubtype[] };

/**
 * Type and subtype. Without JavaScript the subtype list is the chosen type's once the form is
 * sent; with it, the list is fetched from `/estates/subtypes/{type}` when the type changes, and
 * only then.
 */
export function TypeFields({
  idPrefix,
  types,
  subtypes,
  type,
  subtype,
  errors,
}: {
  idPrefix: string;
  types: Pick<EstateType, "id" | "name" | "estatesCount">[];
  subtypes: Pick<EstateSubtype, "id" | "name">[];
  type: string;
  subtype: string;
  errors: { type?: FieldErrorMessage; subtype?: FieldErrorMessage };
}) {
  const { t } = useTranslation("estates");
  const { path } = useLocale();
  const fetcher = useFetcher<SubtypesData>();
  const [typeId, setTypeId] = useState(type);
  const typeRef = useRef<HTMLSelectElement>(null);

  function chooseType(next: string) {
    setTypeId(next);
    const alreadyHave = next === type || (fetcher.data && String(fetcher.data.typeId) === next);
    if (next && !alreadyHave) fetcher.load(path(`/estates/subtypes/${next}`));
  }

  // A type chosen before the form hydrated (it may hydrate lazily) is in the field, not the one
  // the server selected: fetch its subtypes.
  useEffect(() => {
    const select = typeRef.current;
    if (!select) return;
    const selected = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
    if (select.value !== (selected?.value ?? "")) chooseType(select.value);
    // Once, when hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const typeInputId = `${idPrefix}-type`;
  const subtypeInputId = `${idPrefix}-subtype`;

  // The list for the type now chosen: the page's own, or the last one fetched for that type.
  const fetched = fetcher.data && String(fetcher.data.typeId) === typeId ? fetcher.data.subtypes : null;
  const options = typeId === type ? subtypes : (fetched ?? []);
  const loading = typeId !== type && fetched === null && fetcher.state === "loading";

  return (
    <>
      <div>
        <label htmlFor={typeInputId} className="field-label">
          {t("form.type")}
        </label>
        <select
          ref={typeRef}
          id={typeInputId}
          name="type"
          defaultValue={type}
          className="field-input"
          onChange={(event) => chooseType(event.currentTarget.value)}
          {...invalidProps(typeInputId, errors.type)}
        >
          <option value="">{t("form.anyType")}</option>
          {/* A type with no stays would only find nothing; the chosen one stays, so the form shows what was asked. */}
          {types.filter((ty) => ty.estatesCount > 0 || String(ty.id) === type).map((ty) => (
            <option key={ty.id} value={String(ty.id)}>
              {ty.name} ({ty.estatesCount})
            </option>
          ))}
        </select>
        <FieldError inputId={typeInputId} field="type" error={errors.type} />
      </div>
      <div>
        <label htmlFor={subtypeInputId} className="field-label">
          {t("form.subtype")}
        </label>
        <select
          // A new type starts from "any subtype".
          key={typeId}
          id={subtypeInputId}
          name="subtype"
          defaultValue={typeId === type ? subtype : ""}
          disabled={!typeId && options.length === 0}
          aria-busy={loading || undefined}
          className="field-input disabled:bg-stone-100 disabled:text-stone-400"
          {...invalidProps(subtypeInputId, errors.subtype)}
        >
          <option value="">{typeId ? t("form.anySubtype") : t("form.chooseTypeFirst")}</option>
          {options.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </select>
        <FieldError inputId={subtypeInputId} field="subtype" error={errors.subtype} />
      </div>
    </>
  );
}
