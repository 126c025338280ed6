/**
 * Booking e-mails: which notification kinds go by e-mail (each can be turned off on its own, by
 * the unsubscribe link of its mail or on the profile's e-mail page), the words around them, and the
 * API of those settings.
 */
import { z } from "zod";
import type { Locale } from "./locales";
import type { OPERATOR_NOTICES, OperatorNoticeEvent } from "./notification-types";

export const BOOKING_MAILED_KINDS = [
  "booking_requested",
  "booking_annulled_without_confirm_soon",
  "booking_confirmed",
  "booking_declined",
  "booking_annulled_without_payment_soon",
  "booking_paid",
  "booking_cancelled_by_guest",
  "booking_cancelled_by_host",
  "booking_annulled",
  "booking_annulled_soon",
  "booking_annulled_without_payment",
  "booking_annulled_without_confirm",
  "booking_completed",
  /** The host's invitation to review the guest (the guest's is `booking_completed`). */
  "review_invitation",
  "review_published",
] as const;

/** The operator's notices by e-mail (contract/notification-types.ts OPERATOR_NOTICES), each with its own switch. */
export const MODERATION_MAILED_KINDS = ["estate_unpublished", "estate_approved", "estate_rejected", "estate_review_hidden", "account_blocked"] as const satisfies readonly (typeof OPERATOR_NOTICES)[OperatorNoticeEvent][];
export const MAILED_KINDS = [...BOOKING_MAILED_KINDS, ...MODERATION_MAILED_KINDS] as const;
export type MailedKind = (typeof MAILED_KINDS)[number];

export const MAIL_TEXT: Record<Locale, { open: string; openListing: string; unsubscribe: string; settings: string }> = {
  ru: { open: "Открыть бронирование", openListing: "Открыть объявление", unsubscribe: "Не присылать такие письма", settings: "Настройки писем" },
  en: { open: "Open the booking", openListing: "Open the listing", unsubscribe: "Stop e-mails like this", settings: "E-mail settings" },
  ky: { open: "Брондоону ачуу", openListing: "Жарыяны ачуу", unsubscribe: "Мындай каттарды жибербегиле", settings: "Кат жөндөөлөрү" },
};

/** GET/PUT /api/v1/profile/mail_settings: the kinds that are on. */
export type MailSettings = { email: string | null; emailConfirmed: boolean; kinds: { kind: MailedKind; on: boolean }[] };
export const mailSettingsSchema = z.object({ on: z.array(z.enum(MAILED_KINDS)).max(MAILED_KINDS.length) });

/** POST /api/v1/mail/unsubscribe: the signed link's fields; no sign-in needed. */
export const unsubscribeSchema = z.object({ u: z.coerce.number().int().positive(), k: z.enum(MAILED_KINDS), s: z.string().min(10).max(64) });
