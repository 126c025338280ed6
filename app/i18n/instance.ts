import type { i18n, Resource } from "i18next";
import { type Locale } from "./config";

/**
 * The translator every page renders with, on the server and in the browser: a few hundred bytes
 * that do what our dictionaries use of i18next — nested keys, `ns:key`, `{{name}}` interpolation,
 * plurals by `Intl.PluralRules` (`_zero`, `_one`, `_few`, `_many`, `_other`) and `context`
 * (`key_host`). The full i18next core is ~14 KB of gzip on every page for features we never use
 * (backends, detection, formatters, nesting); docs/decisions/0010-small-client-translator.md.
 *
 * It is shaped like an i18next instance only as far as react-i18next reads one (`useTranslation`,
 * `Trans`). tests/unit/translator.test.ts renders every key of every dictionary with both this
 * and i18next and requires the same text, so the two cannot drift apart unnoticed. Server-only
 * code (meta titles, e-mails, validation messages) keeps the real i18next through `getT`.
 */

type Dictionary = { [key: string]: string | Dictionary };
type Options = Record<string, unknown> & { count?: unknown; context?: unknown; ns?: string; defaultValue?: unknown };

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `{{name}}` from the options (dotted paths too); a missing value leaves the placeholder, as i18next does. */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, raw: string) => {
    const name = raw.split(",")[0].trim();
    let value: unknown = values;
    for (const part of name.split(".")) value = value === null || typeof value !== "object" ? undefined : (value as Record<string, unknown>)[part];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, name) ? "" : match;
    return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  });
}

export function createI18n(locale: Locale, translations: Resource[string]): i18n {
  const dictionaries = translations as Record<string, Dictionary>;
  const plurals = new Intl.PluralRules(locale);

  function translate(defaultNs: string, keyPrefix: string | undefined, key: string | string[], options?: Options | string): string {
    const opts: Options = typeof options === "string" ? { defaultValue: options } : (options ?? {});
    const keys = Array.isArray(key) ? key : [key];
    for (const one of keys) {
      const split = one.indexOf(":");
      const ns = split > 0 ? one.slice(0, split) : (opts.ns ?? defaultNs);
      const bare = split > 0 ? one.slice(split + 1) : one;
      const path = keyPrefix ? `${keyPrefix}.${bare}` : bare;
      const dictionary = dictionaries[ns];
      // Most specific first, as i18next tries them: context, then plural form, then the key.
      const forms = (base: string) => {
        if (typeof opts.count !== "number") return [base];
        return [...(opts.count === 0 ? [`${base}_zero`] : []), `${base}_${plurals.select(opts.count)}`, base];
      };
      const context = typeof opts.context === "string" || typeof opts.context === "number" ? String(opts.context) : "";
      const candidates = [...(context ? forms(`${path}_${context}`) : []), ...forms(path)];
      for (const candidate of candidates) {
        const found = lookup(dictionary, candidate);
        if (found !== undefined) return interpolate(found, opts);
      }
    }
    if (typeof opts.defaultValue === "string") return interpolate(opts.defaultValue, opts);
    const last = keys[keys.length - 1];
    return last.includes(":") ? last.slice(last.indexOf(":") + 1) : last;
  }

  const instance = {
    language: locale,
    languages: [locale],
    resolvedLanguage: locale,
    isInitialized: true,
    options: { defaultNS: "common", ns: Object.keys(dictionaries), react: { useSuspense: false }, ignoreJSONStructure: true, interpolation: { escapeValue: false } },
    services: { interpolator: { interpolate: (text: string, values: Record<string, unknown>) => interpolate(text, values) } },
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, callback?: () => void) => callback?.(),
    getFixedT: (_lng: string | null, ns?: string | string[] | null, keyPrefix?: string) => {
      const namespace = (Array.isArray(ns) ? ns[0] : ns) ?? "common";
      return (key: string | string[], options?: Options | string) => translate(namespace, keyPrefix, key, options);
    },
    t: (key: string | string[], options?: Options | string) => translate("common", undefined, key, options),
    // The language of an instance never changes (another locale is another instance).
    on: () => undefined,
    off: () => undefined,
    store: { on: () => undefined, off: () => undefined },
  };
  // Only react-i18next's reading of an instance is implemented; the cast keeps its types.
  return instance as unknown as i18n;
}
