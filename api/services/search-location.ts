import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { listedToGuests } from "./estate-lookup";

/**
 * The location text as terms: every word of the text must match, each as any of its spellings.
 * A word some listed estate contains is its own spelling. A word none contains is a typo: its
 * spellings are the most similar words of the estates' text ("karakl" → "karakol"). Matching is
 * then a substring test (LIKE, served by the trigram index and cheap per row); word similarity,
 * which costs ~25 µs a row on PGlite, is only used to find a typo's spellings on a few rows.
 */
export type LocationTerms = string[][];

/** Splits as the corrections below split `search_text`; `search_text` is stored lower-cased. */
const WORD_SEPARATORS = /[\s,.;:!?()"«»]+/;
const WORD_SEPARATORS_SQL = `[\\s,.;:!?()"«»]+`;
const MAX_WORDS = 6;
/** Shorter words have too few trigrams to guess what was meant. */
const MIN_CORRECTABLE_LENGTH = 3;
const MAX_SPELLINGS = 3;
/** pg_trgm's own default for `%`: below it two words are not considered alike. */
const MIN_SIMILARITY = 0.3;
/**
 * How much of a typo must appear in an estate's text for the estate to suggest spellings.
 * pg_trgm's default, 0.6, misses one wrong letter in a short word ("Бишкик" 0.57, "Narin" 0.5).
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

async function someEstateContains(db: Db, word: string): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM estates e WHERE ${listedToGuests} AND e.search_text LIKE ${likePattern(word)}) AS found`,
  );
  return rows[0].found;
}

/**
 * Words of listed estates' text most like `word`, from a few estates whose text has a word like
 * it. `<%` reads its threshold from a setting, set for this transaction only.
 */
async function similarWords(db: Db, word: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_WORD_SIMILARITY)}, true)`);
    const { rows } = await tx.execute<{ word: string }>(sql`
      SELECT w AS word
      FROM (SELECT e.search_text FROM estates e WHERE ${listedToGuests} AND ${word} <% e.search_text LIMIT 20) candidates
      CROSS JOIN LATERAL regexp_split_to_table(candidates.search_text, ${WORD_SEPARATORS_SQL}) AS w
      WHERE similarity(w, ${word}) >= ${MIN_SIMILARITY}
      GROUP BY w
      ORDER BY similarity(w, ${word}) DESC, w
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
