/**
 * The page's dictionaries as files of their own (decision 0042). A document carries only each
 * namespace's version (`{ common: "3f9a1c0b" }`) and a preload link; the browser fetches
 * `/i18n/{locale}/{namespace}.{version}.json` beside the page's JavaScript, cached for a year, and
 * hydrates once they are in. The server renders from memory. A client-side navigation's data still
 * carries whole dictionaries, so moving to another area of the site waits for nothing more.
 */
export type Dictionary = { [key: string]: string | Dictionary };
/** A namespace inlined as its dictionary, or named by the version of its file. */
export type PageTranslations = Record<string, Dictionary | string>;

export const translationFileUrl = (locale: string, ns: string, version: string) => `/i18n/${locale}/${ns}.${version}.json`;

const held = new Map<string, Dictionary>();

/** A dictionary this process has (the server: every one it names; the browser: every one fetched). */
export function holdTranslations(locale: string, ns: string, version: string, dictionary: Dictionary) {
  held.set(translationFileUrl(locale, ns, version), dictionary);
}

/** The page's namespaces as dictionaries; a named file this process does not hold is left out. */
export function resolveTranslations(locale: string, translations: PageTranslations): Record<string, Dictionary> {
  const resolved: Record<string, Dictionary> = {};
  for (const [ns, value] of Object.entries(translations)) {
    const dictionary = typeof value === "string" ? held.get(translationFileUrl(locale, ns, value)) : value;
    if (dictionary) resolved[ns] = dictionary;
  }
  return resolved;
}

/** The files a document names, to preload in its head. */
export function translationFiles(locale: string, translations: PageTranslations): { ns: string; version: string; href: string }[] {
  return Object.entries(translations).flatMap(([ns, value]) => (typeof value === "string" ? [{ ns, version: value, href: translationFileUrl(locale, ns, value) }] : []));
}

/**
 * In the browser before hydration: fetches the files the head preloads. Rejects when one cannot be
 * had; the page then stays as the server rendered it, which works without JavaScript.
 */
export async function loadTranslationFiles(doc: Document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>("link[data-translations]")];
  await Promise.all(
    links.map(async (link) => {
      const [locale, ns, version] = (link.dataset.translations ?? "").split("/");
      const response = await fetch(link.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${link.href} answered ${response.status}`);
      holdTranslations(locale, ns, version, (await response.json()) as Dictionary);
    }),
  );
}
