import crypto from "node:crypto";
import { isLocale, NAMESPACES, type Locale, type Namespace } from "./config";
import { resources } from "./resources.server";
import { holdTranslations, type Dictionary, type PageTranslations } from "./translation-files";

/**
 * A namespace as the browser gets it: without its `meta` entries (page titles and descriptions),
 * which only loaders read, on the server. They were a tenth of the words every page carried.
 */
function forBrowser(dictionary: Dictionary): Dictionary {
  return Object.fromEntries(
    Object.entries(dictionary)
      .filter(([key]) => key !== "meta")
      .map(([key, value]) => [key, typeof value === "string" ? value : forBrowser(value)]),
  );
}

type BrowserDictionary = { dictionary: Dictionary; json: string; version: string };
const built = new Map<string, BrowserDictionary>();

/** One namespace for the browser, with its file's text and version (a hash of that text), built once. */
export function browserDictionary(locale: Locale, ns: Namespace): BrowserDictionary {
  const key = `${locale}/${ns}`;
  let found = built.get(key);
  if (!found) {
    const dictionary = forBrowser(resources[locale][ns] as Dictionary);
    const json = JSON.stringify(dictionary);
    const version = crypto.createHash("sha256").update(json).digest("hex").slice(0, 10);
    found = { dictionary, json, version };
    built.set(key, found);
    // The server renders a page that names the file from the same dictionary.
    holdTranslations(locale, ns, version, dictionary);
  }
  return found;
}

/**
 * The namespaces a page needs: for a document, each named by its file's version (the browser
 * fetches them beside the JavaScript and keeps them); for a client-side navigation's data, whole.
 */
export function pageTranslations(locale: Locale, namespaces: readonly Namespace[], options: { asFiles: boolean }): PageTranslations {
  return Object.fromEntries(
    namespaces.map((ns) => {
      const { dictionary, version } = browserDictionary(locale, ns);
      return [ns, options.asFiles ? version : dictionary];
    }),
  );
}

/** `/i18n/{locale}/{namespace}.{version}.json`: the file's text, or null for a name or version this build does not have. */
export function translationFile(locale: string, file: string): string | null {
  const match = /^([a-z]+)\.([0-9a-f]{10})\.json$/.exec(file);
  if (!match || !isLocale(locale) || !(NAMESPACES as readonly string[]).includes(match[1])) return null;
  const found = browserDictionary(locale, match[1] as Namespace);
  return found.version === match[2] ? found.json : null;
}
