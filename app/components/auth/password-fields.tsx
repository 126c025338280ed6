import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { TextField } from "~/components/forms/fields";

/** The API's minimum (contract/account.ts PASSWORD_MIN), repeated here for the shown rules. */
export const PASSWORD_MIN = 8;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field: only names, ids and errors are read.
type Field = FieldMetadata<any, any, string[]>;

const LETTER = /\p{L}/u;
const DIGIT = /\d/;

/**
 * A new password and its repetition, with the rules shown under it. With JavaScript the rules
 * tick as the person types; without it they are a plain list. Passwords are never sent back
 * into the page after a failed submission.
 */
export function NewPasswordFields({ password, repeat, label, result }: { password: Field; repeat: Field; label: string; result?: unknown }) {
  const { t } = useTranslation("auth");
  const [value, setValue] = useState("");
  // After a refused submission the server leaves the passwords out; with JavaScript the inputs
  // would keep what was typed, so they are emptied here too (without it, the page is new anyway).
  useEffect(() => {
    if (!result) return;
    for (const id of [password.id, repeat.id]) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
    setValue("");
  }, [result, password.id, repeat.id]);
  const rulesId = `${password.id}-rules`;
  const describedBy = [password.errors?.length ? password.errorId : null, rulesId].filter(Boolean).join(" ");
  const rules = [
    { key: "length", text: t("password.rules.length", { count: PASSWORD_MIN }), met: value.length >= PASSWORD_MIN, required: true },
    { key: "mix", text: t("password.rules.mix"), met: LETTER.test(value) && DIGIT.test(value), required: false },
  ];
  return (
    <div className="space-y-4">
      <div>
        <TextField
          field={password}
          type="password"
          label={label}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={128}
          aria-describedby={describedBy}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <ul id={rulesId} className="mt-2 space-y-1 text-sm" data-testid="password-rules">
          {rules.map((rule) => (
            <li key={rule.key} className={`flex items-start gap-2 ${rule.met ? "text-emerald-700" : "text-stone-600"}`}>
              <RuleMark met={rule.met} />
              <span>
                {rule.text}
                {rule.required ? null : <span className="text-stone-400"> · {t("password.rules.tip")}</span>}
                {rule.met ? <span className="sr-only"> ({t("password.rules.met")})</span> : null}
              </span>
            </li>
          ))}
          <li className="flex items-start gap-2 text-stone-600">
            <RuleMark met={false} />
            <span>{t("password.rules.unique")}</span>
          </li>
        </ul>
      </div>
      <TextField field={repeat} type="password" label={t("fields.repeatPassword")} autoComplete="new-password" maxLength={128} />
    </div>
  );
}

function RuleMark({ met }: { met: boolean }) {
  return met ? (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
      <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
    </svg>
  ) : (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 fill-current text-stone-300">
      <circle cx="10" cy="10" r="3.5" />
    </svg>
  );
}
