import { z } from "zod";
import { birthDateProblem, DATE_MAX, DATE_MIN, isIsoDate } from "./dates";

import { LOCALES, type Locale } from "./locales";
import { msg } from "./message-key";

export { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";
export const localeSchema = z.enum(LOCALES);

/** Text stored in all three interface languages. */
export type Localized = Record<Locale, string>;

export { DATE_MAX, DATE_MIN } from "./dates";

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

const BIRTH_DATE_MESSAGES = { notReal: "dateNotReal", future: "birthDateFuture", tooEarly: "dateOutOfRange" } as const;

/** A birth date: `yyyy-mm-dd`, by the rule the profile forms also check (birthDateProblem). */
export const birthDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("date"))
  // Piped: only a date written right is then checked (one message, not two).
  .pipe(
    z.string().superRefine((value, ctx) => {
      const problem = birthDateProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: msg(BIRTH_DATE_MESSAGES[problem]) });
    }),
  );

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
