import { z } from "zod";
import { isIsoDate } from "./dates";

import { LOCALES, type Locale } from "./locales";
import { msg } from "./message-key";

export { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";
export const localeSchema = z.enum(LOCALES);

/** Text stored in all three interface languages. */
export type Localized = Record<Locale, string>;

/**
 * The dates any field takes: a birth date after 1900, a stay or calendar before 2200. Bounded so
 * date arithmetic never leaves four-digit years (a day after 9999-12-31 was "+010000-01-01",
 * which the database refused with a 500; issue 26).
 */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2199-12-31";

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): in a
 * title or a name, U+202E shows "Dom\u202Egpj.exe" as "Domexe.jpg" and can make one listing or
 * person pass for another (issue 26). No Russian, Kyrgyz or English text needs them, so the API
 * removes them from every string it reads (api/lib/validation.ts).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
export const stripBidiControls = (text: string) => text.replace(BIDI_CONTROLS, "");

/** Dates travel as `yyyy-mm-dd` strings (SPEC section 3, date mask). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("date"))
  .refine(isIsoDate, msg("dateNotReal"))
  .refine((s) => s >= DATE_MIN && s <= DATE_MAX, msg("dateOutOfRange"));

/** Every successful API answer: `{ success: true, data }`. */
export type Envelope<T> = { success: true; data: T };

/** Every failed API answer (SPEC section 8): a message, and per-field errors for bad input (422). */
export type ErrorBody = {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
};

export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(16),
});
export type Pagination = z.infer<typeof paginationSchema>;

export type Paginated<T> = { items: T[]; page: number; perPage: number; total: number; hasMore: boolean };

/** A photo with its resized WebP variants, ready for `<img srcset>`. */
export type Photo = {
  id: number;
  url: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
};
