import type { FieldName } from "../../../contract/endpoints";
import { LOCALES } from "../../../contract/locales";

/**
 * The console's form strings as the operator API takes them: the fields `names` lists, each as the
 * form posted it, a field with one input per language (`title.ky`) as `{ title: { ky } }`. The
 * names are typed by the endpoint's body (contract/endpoints.ts), so a form that sends a field the
 * API's schema no longer has, or under another name, fails the typecheck where its list is written.
 */
export function formBody<B extends object>(values: Record<string, string>, names: readonly FieldName<B>[]): B {
  const body: Record<string, string | Record<string, string>> = {};
  for (const name of names) {
    if (name in values) body[name] = values[name];
    else {
      const texts = LOCALES.filter((l) => `${name}.${l}` in values);
      if (texts.length > 0) body[name] = Object.fromEntries(texts.map((l) => [l, values[`${name}.${l}`]]));
    }
  }
  // The names are the body's (checked above); the values are the form's text, the API's to judge.
  return body as B;
}
