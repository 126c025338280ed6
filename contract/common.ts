import { z } from "zod";

import { LOCALES, type Locale } from "./locales";
import { msg } from "./message-key";

export { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";
export const localeSchema = z.enum(LOCALES);

/** Text stored in all three interface languages. */
export type Localized = Record<Locale, string>;

/** Dates travel as `yyyy-mm-dd` strings (SPEC section 3, date mask). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("date"))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, msg("dateNotReal"));

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
