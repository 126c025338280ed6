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

/**
 * What each dotted key reads in a dictionary, kept per dictionary object: a page asks for a few
 * hundred keys, nearly all the same on every page, and walking `key.split(".")` for each was a few
 * per cent of a page's main thread (docs/operations.md, "What every page pays on the main thread").
 * Safe because a dictionary is never changed once made (the server builds each one once,
 * app/i18n/browser-dictionaries.server.ts; the browser holds each fetched file as it came); another
 * dictionary is another object with its own entries. Bounded, since a key may be built from data.
 */
const resolvedByDictionary = new WeakMap<Dictionary, Map<string, string | null>>();
export const MAX_RESOLVED_KEYS = 4096;

function walk(dictionary: Dictionary, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  let start = 0;
  for (;;) {
    if (node === undefined || typeof node === "string") return undefined;
    const dot = key.indexOf(".", start);
    node = node[dot < 0 ? key.slice(start) : key.slice(start, dot)] as string | Dictionary | undefined;
    if (dot < 0) break;
    start = dot + 1;
  }
  return typeof node === "string" ? node : undefined;
}

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  if (dictionary === undefined) return undefined;
  // The browser renders a page only on a navigation: there the memo is not worth its bytes in the
  // first visit's JavaScript (a budget of 100 KB), and Vite drops this branch from that build.
  if (!import.meta.env.SSR) return walk(dictionary, key);
  let resolved = resolvedByDictionary.get(dictionary);
  if (resolved === undefined) {
    resolved = new Map();
    resolvedByDictionary.set(dictionary, resolved);
  }
  const kept = resolved.get(key);
  if (kept !== undefined) return kept ?? undefined;
  const found = walk(dictionary, key);
  if (resolved.size < MAX_RESOLVED_KEYS) resolved.set(key, found ?? null);
  return found;
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

/**
 * A language's plural form of each count, kept: `new Intl.PluralRules` for every page's translator
 * and `select` for every counted text were a per cent of a page's main thread; the answer for a
 * language and a count never changes. Whole counts up to a bound are kept; others are asked.
 */
const pluralsByLocale = new Map<string, { select: (count: number) => string }>();
const MAX_KEPT_COUNT = 10_000;

function pluralsOf(locale: string): { select: (count: number) => string } {
  // Server only, as `lookup`'s memo: the browser's build keeps the plain rules.
  if (!import.meta.env.SSR) return new Intl.PluralRules(locale);
  let found = pluralsByLocale.get(locale);
  if (!found) {
    const rules = new Intl.PluralRules(locale);
    const kept: string[] = [];
    found = {
      select: (count) => {
        if (!Number.isInteger(count) || count < 0 || count > MAX_KEPT_COUNT) return rules.select(count);
        return (kept[count] ??= rules.select(count));
      },
    };
    pluralsByLocale.set(locale, found);
  }
  return found;
}

export function createI18n(locale: Locale, translations: Resource[string]): i18n {
  const dictionaries = translations as Record<string, Dictionary>;
  const plurals = pluralsOf(locale);

  /** A key's text for a count: `_zero` (for 0), then the count's plural form, then the bare key. */
  function formOf(dictionary: Dictionary | undefined, base: string, count: number | undefined, form: string): string | undefined {
    if (count === undefined) return lookup(dictionary, base);
    return (count === 0 ? lookup(dictionary, `${base}_zero`) : undefined) ?? lookup(dictionary, base + form) ?? lookup(dictionary, base);
  }

  const NO_OPTIONS: Options = {};

  /** One key's text (`ns:key` or a key of the default namespace), or undefined when none is found. */
  function find(defaultNs: string, keyPrefix: string | undefined, one: string, opts: Options): string | undefined {
    const split = one.indexOf(":");
    const ns = split > 0 ? one.slice(0, split) : (opts.ns ?? defaultNs);
    const bare = split > 0 ? one.slice(split + 1) : one;
    const path = keyPrefix ? `${keyPrefix}.${bare}` : bare;
    const dictionary = dictionaries[ns];
    // Most specific first, as i18next tries them: context, then plural form, then the key
    // (`_zero` only for a count of 0). No list of candidates is made: this runs for every text.
    const count = typeof opts.count === "number" ? opts.count : undefined;
    const form = count === undefined ? "" : `_${plurals.select(count)}`;
    const context = typeof opts.context === "string" || typeof opts.context === "number" ? String(opts.context) : "";
    return (context ? formOf(dictionary, `${path}_${context}`, count, form) : undefined) ?? formOf(dictionary, path, count, form);
  }

  function translate(defaultNs: string, keyPrefix: string | undefined, key: string | string[], options?: Options | string): string {
    const opts: Options = typeof options === "string" ? { defaultValue: options } : (options ?? NO_OPTIONS);
    let last: string;
    if (Array.isArray(key)) {
      for (const one of key) {
        const found = find(defaultNs, keyPrefix, one, opts);
        if (found !== undefined) return interpolate(found, opts);
      }
      last = key[key.length - 1];
    } else {
      const found = find(defaultNs, keyPrefix, key, opts);
      if (found !== undefined) return interpolate(found, opts);
      last = key;
    }
    if (typeof opts.defaultValue === "string") return interpolate(opts.defaultValue, opts);
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
