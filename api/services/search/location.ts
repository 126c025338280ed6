import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { WORD_SEPARATORS, type SearchIndex } from "./search-index";

/**
 * The location text as terms: every word of the text must match, each as any of its spellings.
 * A word some listed estate contains is its own spelling. A word none contains is a typo: its
 * spellings are the most similar words of the listed estates' text ("karakl" → "karakol"), asked
 * of `estate_words` (the words of listed estates, kept by a trigger) through pg_trgm's trigram
 * index. An estate matches a spelling when its text contains it (a substring, as LIKE '%s%').
 */
export type LocationTerms = string[][];

const MAX_WORDS = 6;
/** Shorter words have too few trigrams to guess what was meant. */
const MIN_CORRECTABLE_LENGTH = 3;
const MAX_SPELLINGS = 3;
/** pg_trgm's own default for `%`: below it two words are not considered alike. */
const MIN_SIMILARITY = 0.3;
/**
 * How much of a typo must appear in a word for the word to be a spelling of it. pg_trgm's
 * default, 0.6, misses one wrong letter in a short word ("Бишкик" 0.57, "Narin" 0.5).
 */
const TYPO_WORD_SIMILARITY = 0.5;

export const locationWords = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .split(WORD_SEPARATORS)
      .filter(Boolean),
  ),
].slice(0, MAX_WORDS);

/**
 * Words of listed estates most like `word`. `%` and `<%` read their thresholds from settings, set
 * for this transaction only; both are served by the trigram index on the words.
 */
async function similarWords(db: Db, word: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(MIN_SIMILARITY)}, true),
      set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_WORD_SIMILARITY)}, true)`);
    const { rows } = await tx.execute<{ word: string }>(sql`
      SELECT w.word FROM estate_words w
      WHERE w.word % ${word} AND ${word} <% w.word
      ORDER BY similarity(w.word, ${word}) DESC, w.word
      LIMIT ${MAX_SPELLINGS}`);
    return rows.map((r) => r.word);
  });
}

/** The terms to search for, or null when some word matches nothing at all. */
export async function resolveLocation(db: Db, index: SearchIndex, text: string): Promise<LocationTerms | null> {
  const terms: LocationTerms = [];
  for (const word of locationWords(text)) {
    const spellings = index.hasText(word) ? [word] : word.length >= MIN_CORRECTABLE_LENGTH ? await similarWords(db, word) : [];
    if (!spellings.length) return null;
    terms.push(spellings);
  }
  return terms;
}
