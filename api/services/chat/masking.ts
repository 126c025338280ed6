/**
 * Before a booking is paid, contact details in messages are hidden: a marketplace's usual guard
 * against guests and hosts settling around it. Stored text stays whole, so they show once paid.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A run of 7+ digits, allowing the separators people type (+996 (700) 12-34-56). */
const PHONE = /\+?\d(?:[\s\-().]*\d){6,}/g;

export const MASK = "•••";

export function maskContacts(text: string): string {
  return text.replace(EMAIL, MASK).replace(PHONE, MASK);
}
