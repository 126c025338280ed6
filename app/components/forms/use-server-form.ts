import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";

type Options<Values extends Record<string, unknown>> = {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<{ [K in keyof Values]: unknown }>;
  /**
   * Fields the server never sends back (passwords): emptied after each refused submission, so
   * the page with JavaScript shows what the page without it shows.
   */
  secrets?: string[];
};

/**
 * Every form of the app: conform's state for a form validated by its route's action only.
 *
 * Validation runs on submit, never on input. Our schemas live on the server (their messages are in
 * the page's language), and conform without a client `onValidate` validates "on input" by posting the
 * form to the action on each keystroke. The answer leaves the passwords out, so after one refused
 * password the field was emptied again on every key typed, and nobody could sign in (issue 10).
 */
export function useServerForm<Values extends Record<string, unknown> = Record<string, unknown>>({ id, lastResult, defaultValue, secrets = [] }: Options<Values>) {
  const [form, fields] = useForm<Values>({
    id,
    lastResult,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's DefaultValue type is recursive; the values are the form's own.
    defaultValue: defaultValue as any,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const secretKey = secrets.join(" ");
  useEffect(() => {
    if (!lastResult || !secretKey) return;
    for (const name of secretKey.split(" ")) {
      const input = document.querySelector(`form[id="${CSS.escape(form.id)}"] [name="${CSS.escape(name)}"], [form="${CSS.escape(form.id)}"][name="${CSS.escape(name)}"]`);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, secretKey, form.id]);
  return [form, fields] as const;
}
