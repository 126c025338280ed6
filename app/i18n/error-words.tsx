import { createContext, useContext, useEffect } from "react";
import type { Locale } from "./config";

/**
 * The error page's own words, for when the root loader could not run and there are no loaded
 * translations. They used to be imported here in all three languages, which put 1.3 KB of gzip
 * into every page's first load for a page almost nobody sees. Now:
 * - the server has them from its resources (entry.server.tsx provides them) and writes the
 *   page's language into the page as a JSON data block (`<ErrorWordsData>`);
 * - the browser hydrates that page with the words read back from the block, so both render alike;
 * - a client-side navigation whose root loader fails has no block: it uses the error words of
 *   the last page that loaded (every page's translations include the `errors` namespace), in that
 *   page's language.
 */
type Words = Record<string, unknown>;

const ServerErrorWords = createContext<Record<Locale, Words> | null>(null);
export const ErrorWordsProvider = ServerErrorWords.Provider;

const DATA_ID = "error-words";
let lastLoaded: Words | undefined;
let parsed: { data: string; words: Words } | undefined;

export function useErrorWords(locale: Locale): Words | undefined {
  const server = useContext(ServerErrorWords);
  if (server) return server[locale];
  if (typeof document === "undefined") return undefined;
  const data = document.getElementById(DATA_ID)?.textContent;
  if (!data) return lastLoaded;
  // Parsed once per block, so the page's translator is not rebuilt on every render.
  if (parsed?.data !== data) parsed = { data, words: JSON.parse(data) as Words };
  return parsed.words;
}

/** Keeps the loaded page's error words for a later failure of the root loader. */
export function useRememberErrorWords(translations: Record<string, unknown> | undefined) {
  useEffect(() => {
    const words = translations?.errors;
    if (words && typeof words === "object") lastLoaded = words as Words;
  }, [translations]);
}

/** The words as a data block the browser reads back while hydrating; `<` escaped so no text ends the script. */
export function ErrorWordsData({ words }: { words: Words | undefined }) {
  if (!words) return null;
  return <script type="application/json" id={DATA_ID} dangerouslySetInnerHTML={{ __html: JSON.stringify(words).replace(/</g, "\\u003c") }} />;
}
