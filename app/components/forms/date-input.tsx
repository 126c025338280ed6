/**
 * A date field (SPEC section 3: dates are `yyyy-mm-dd`). Docs: docs/decisions/0040-date-fields.md.
 *
 * - With a date picker (every current browser) it is `<input type="date">`: the picker and the
 *   field's own numbers follow the browser's settings, which the page cannot change. So the date
 *   chosen is also written below the field in the page's language ("сб, 5 дек. 2026 г."), from the
 *   server's HTML on, and tied to the field with aria-describedby.
 * - Without one (an old or embedded browser shows a plain text box) the field asks for the
 *   `yyyy-mm-dd` mask in the page's language ("гггг-мм-дд"): as its placeholder and `pattern`
 *   without JavaScript; with it, the field also becomes a digits field that writes the dashes
 *   itself, and the line below says the mask until a real date is typed.
 * The value sent is always `yyyy-mm-dd`, whichever way it was typed.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { formatDate } from "~/lib/format";
import { isRealDate } from "~/lib/search-params";

/** Whether this browser has a date picker: an input that keeps `type="date"` and refuses text. */
export function hasDatePicker(): boolean {
  const input = document.createElement("input");
  input.setAttribute("type", "date");
  input.value = "not a date";
  return input.type === "date" && input.value === "";
}

/** Digits typed into `yyyy-mm-dd`: "20261205" and "2026.12.05" become "2026-12-05". */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join("-");
}

/** The `pattern` of the mask, for a browser that shows the field as text. */
export const DATE_PATTERN = "\\d{4}-\\d{2}-\\d{2}";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value" | "pattern" | "placeholder"> & {
  id: string;
  defaultValue?: string;
  /** The class of the line below the field that says the date in words. */
  wordsClassName?: string;
};

export const DateInput = forwardRef<HTMLInputElement, Props>(function DateInput(
  { id, defaultValue = "", wordsClassName = "mt-1 block text-xs text-stone-600", "aria-describedby": describedBy, ...rest },
  ref,
) {
  const { t } = useTranslation("common");
  const { locale } = useLocale();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  const [value, setValue] = useState(defaultValue);
  // The server's HTML assumes a picker; the browser says otherwise after hydration.
  const [picker, setPicker] = useState(true);
  useEffect(() => setPicker(hasDatePicker()), []);

  // A native listener, so a value set by script (check-out following check-in) is heard too
  // when the script sends an `input` event. A date chosen before this field hydrated (a lazily
  // hydrated form, or a slow first load) is in the element, not in the server's props: read it.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onInput = () => {
      if (!picker) {
        const masked = maskDate(element.value);
        if (masked !== element.value) element.value = masked;
      }
      setValue(element.value);
    };
    setValue(element.value);
    element.addEventListener("input", onInput);
    return () => element.removeEventListener("input", onInput);
  }, [picker]);

  const words = isRealDate(value) ? formatDate(value, locale, { weekday: "short", day: "numeric", month: "short", year: "numeric" }) : "";
  const shown = words || (picker ? "" : t("form.dateHint", { mask: t("form.dateMask") }));
  const wordsId = `${id}-words`;
  return (
    <>
      <input
        {...rest}
        ref={input}
        id={id}
        type={picker ? "date" : "text"}
        lang={locale}
        defaultValue={defaultValue}
        placeholder={t("form.dateMask")}
        pattern={DATE_PATTERN}
        inputMode={picker ? undefined : "numeric"}
        maxLength={picker ? undefined : 10}
        autoComplete={rest.autoComplete ?? "off"}
        // An error, when there is one, is read first; then the date in words.
        aria-describedby={[describedBy ?? "", shown ? wordsId : ""].filter(Boolean).join(" ") || undefined}
        data-date-picker={picker ? undefined : "none"}
      />
      {shown ? (
        <span id={wordsId} className={wordsClassName} data-testid="date-words">
          {shown}
        </span>
      ) : null}
    </>
  );
});
