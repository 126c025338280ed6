import { useTranslation } from "~/i18n/use-translation";
import type { FieldErrorMessage } from "~/lib/search-params";

/** The id of a field's error line, for `aria-describedby`. */
export const errorIdOf = (inputId: string) => `${inputId}-error`;

/** Props that tie an input to its error line, when it has one. */
export function invalidProps(inputId: string, error: FieldErrorMessage | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(inputId) } : {};
}

/** A refused field's message in the reader's language, right under the field. */
export function FieldError({ inputId, field, error }: { inputId: string; field: string; error: FieldErrorMessage | undefined }) {
  const { t } = useTranslation("estates");
  if (!error) return null;
  return (
    <p id={errorIdOf(inputId)} className="field-error" data-testid="field-error" data-field={field}>
      {t(`errors.${error.key}`, error.params)}
    </p>
  );
}
