/**
 * The phone-number rule (SPEC section 3), once for the API's schema (contract/account.ts) and the
 * web forms (app/lib/forms.server.ts). Plain data, no zod: a form checks the country code and the
 * national number it was typed as, the API the joined number.
 *
 * A number is the country code plus the national number, digits only. E.164 allows at most 15
 * digits; 8 is the shortest we take (the shortest national numbers in use, 4–5 digits, plus a
 * 3-digit country code). A Kyrgyz number is +996 and 9 digits.
 */
export const PHONE_DIGITS_MIN = 8;
export const PHONE_DIGITS_MAX = 15;
export const KG_COUNTRY_CODE = "996";
export const KG_NATIONAL_DIGITS = 9;

/** What people type between the digits: spaces, brackets, dashes and a leading plus. */
export const stripPhone = (value: string): string => value.replace(/[\s()+-]/g, "");

/** Country code and national number joined, the national trunk 0 dropped ("996", "0700 123 456" → "996700123456"). */
export const joinPhone = (countryCode: string, national: string): string => `${stripPhone(countryCode)}${stripPhone(national).replace(/^0/, "")}`;

/** What is wrong with a joined number, or null: `digits` (not digits, or too short/long), then `kg` (a +996 number of the wrong length). */
export function phoneProblem(full: string): "digits" | "kg" | null {
  if (!/^\d+$/.test(full) || full.length < PHONE_DIGITS_MIN || full.length > PHONE_DIGITS_MAX) return "digits";
  if (full.startsWith(KG_COUNTRY_CODE) && full.length !== KG_COUNTRY_CODE.length + KG_NATIONAL_DIGITS) return "kg";
  return null;
}
