import { LOCALES } from "../../../contract/locales";

/**
 * The console's form strings as the operator API takes them: `title.ky` becomes
 * `{ title: { ky } }`, a name without a language's suffix stays as it is. The content and contacts
 * editors name their fields this way, one input per language.
 */
export function localizedBody(values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const [field, locale] = name.split(".");
    if (locale && (LOCALES as readonly string[]).includes(locale)) ((body[field] ??= {}) as Record<string, string>)[locale] = value;
    else body[name] = value;
  }
  return body;
}
