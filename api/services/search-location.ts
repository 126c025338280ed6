import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * The location text as terms: every word of the text must match, each as any of its spellings.
 * A word some listed estate contains is its own spelling. A word none contains is a typo: its
 * spellings are the most similar words of the listed estates' text ("karakl" → "karakol").
 * Both questions are asked of `estate_words`, the words of listed estates' `search_text`, which a
 * trigger keeps: a few thousand short words instead of every estate's text, where word similarity
 * costs ~150 µs a row on PGlite. Matching is then a substring test on the estates (LIKE, served by
 * the trigram index and cheap per row).
 */
export type LocationTerms = string[][];

/** Splits as `estate_words_of` (migration 0004) splits `search_text`, which is stored lower-cased. */
const WORD_SEPARATORS = /[\s,.;:!?()"«»]+/;
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

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * Whether some listed estate's text contains `word`. A word holds no separator, so it is inside
 * the text exactly when it is inside one of the text's words.
 */
async function someEstateContains(db: Db, word: string): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM estate_words WHERE word LIKE ${likePattern(word)}) AS found`,
  );
  return rows[0].found;
}

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
export async function resolveLocation(db: Db, text: string): Promise<LocationTerms | null> {
  const terms = await Promise.all(
    locationWords(text).map(async (word) => {
      if (await someEstateContains(db, word)) return [word];
      return word.length >= MIN_CORRECTABLE_LENGTH ? similarWords(db, word) : [];
    }),
  );
  return terms.some((spellings) => spellings.length === 0) ? null : terms;
}

/** SQL over `estates e`: every term matched by one of its spellings. */
export function matchesLocation(terms: LocationTerms | null): SQL {
  if (!terms) return sql`FALSE`;
  if (terms.length === 0) return sql`TRUE`;
  return sql.join(
    terms.map((spellings) => sql`(${sql.join(spellings.map((s) => sql`e.search_text LIKE ${likePattern(s)}`), sql` OR `)})`),
    sql` AND `,
  );
}
