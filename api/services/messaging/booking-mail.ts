/**
 * Booking events by e-mail (and, for hosts without an e-mail, the two that cannot wait by SMS).
 * The booking code writes a notification row per event inside its transaction; the notification
 * pusher claims each committed row once (SKIP LOCKED) and hands it here, so a rolled-back change
 * mails nobody and several nodes never mail one event twice. Mails go through the outbox.
 *
 * - Who: a person with a confirmed e-mail who has not turned that kind off (mail_opt_outs).
 * - What: the notification's own title and text, the ones the site shows (app/locales/*
 *   /account.json `notifications.types`, one source), in the reader's language, with the place,
 *   the dates, a link to the booking on the reader's side, and an unsubscribe link for that kind
 *   that works without signing in (signed; api/routes/v1/mail-settings.ts).
 * - Hosts without a confirmed e-mail get a new request and "a request waits for your answer" by
 *   SMS: a host has 24 hours to answer, and a missed request is lost for both sides.
 * - The operator's notices (a listing unpublished, approved or rejected, a review hidden, an
 *   account blocked: contract/notification-types.ts OPERATOR_NOTICES) go the same way, with the
 *   operator's reason beneath and, for a listing, a link to it in the host's objects. No SMS for
 *   them: the in-app notice waits for the next sign-in.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import en from "../../../app/locales/en/account.json";
import ky from "../../../app/locales/ky/account.json";
import ru from "../../../app/locales/ru/account.json";
import type { Locale } from "../../../contract/common";
import { BOOKING_MAILED_KINDS, MAIL_TEXT, type MailedKind } from "../../../contract/mail";
import { operatorNoticeOf } from "../../../contract/notification-types";
import type { Db } from "../../db/client";
import { mailOptOuts } from "../../db/schema";
import type { MessageProvider } from "./outbox";

const TYPES: Record<Locale, Record<string, { title: string; text: string }>> = {
  ru: ru.notifications.types,
  en: en.notifications.types,
  ky: ky.notifications.types,
};
/** "Reason: {{reason}}", the line the profile's notification shows under an operator's notice. */
const REASON: Record<Locale, string> = { ru: ru.notifications.reason, en: en.notifications.reason, ky: ky.notifications.reason };

/** Kinds a host without e-mail hears of by SMS. */
const SMS_KINDS = new Set<MailedKind>(["booking_requested", "booking_annulled_without_confirm_soon"]);

export type BookingEvent = {
  userId: number;
  type: string;
  bookingId: number | null;
  locale: Locale;
  role: "guest" | "host";
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  estateTitle: string;
  checkIn?: string;
  checkOut?: string;
  /** The operator's notices: the listing it is about, `payload.event` and the reason. */
  estateId?: number | null;
  event?: unknown;
  reason?: string | null;
};

export type BookingMailer = { deliver(event: BookingEvent): Promise<void> };

/** The signature of an unsubscribe link: who and which kind, with the API's secret. */
export const unsubscribeSignature = (secret: string, userId: number, kind: string) =>
  crypto.createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url").slice(0, 32);

const prefix = (locale: Locale) => (locale === "ru" ? "" : `/${locale}`);

export function unsubscribeUrl(publicUrl: string, secret: string, userId: number, kind: string, locale: Locale): string {
  const query = new URLSearchParams({ u: String(userId), k: kind, s: unsubscribeSignature(secret, userId, kind) });
  return `${publicUrl}${prefix(locale)}/mail/unsubscribe?${query}`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** 2026-12-01 → 1 December 2026 in the reader's language (Bishkek has no daylight saving). */
function day(iso: string | undefined, locale: Locale): string {
  if (!iso) return "";
  const tag = locale === "ky" ? "ky-KG" : locale === "en" ? "en-GB" : "ru-RU";
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

export function bookingMailer(deps: { db: Db; messages: MessageProvider; publicUrl: string; secret: string }): BookingMailer {
  const publicUrl = deps.publicUrl.replace(/\/+$/, "");
  return {
    async deliver(event) {
      const words = MAIL_TEXT[event.locale];
      const notice = operatorNoticeOf(event.type, event.event);
      let kind: MailedKind;
      let link: { url: string; label: string } | null;
      if (notice) {
        kind = notice;
        const listingPage = kind !== "estate_review_hidden" && kind !== "account_blocked" && event.estateId;
        link = listingPage ? { url: `${publicUrl}${prefix(event.locale)}/host/objects/${event.estateId}`, label: words.openListing } : null;
        if (!event.email || !event.emailVerified) return;
      } else {
        if (!(BOOKING_MAILED_KINDS as readonly string[]).includes(event.type) || event.bookingId === null) return;
        kind = event.type as MailedKind;
        const bookingUrl = `${publicUrl}${prefix(event.locale)}${event.role === "host" ? "/host/booking" : "/profile/booking"}/${event.bookingId}`;
        link = { url: bookingUrl, label: words.open };
        if (!event.email || !event.emailVerified) {
          if (event.role === "host" && event.phone && SMS_KINDS.has(kind)) {
            const { title } = TYPES[event.locale][kind] ?? TYPES.ru[kind];
            // One SMS: the title and the link (Cyrillic SMS hold 70 letters, a link is Latin; two parts at most).
            await deps.messages.sendSms(event.phone, `Konok: ${title}. ${bookingUrl}`, { kind: "booking", ttlSeconds: 6 * 60 * 60 });
          }
          return;
        }
      }
      const { title, text } = TYPES[event.locale][kind] ?? TYPES.ru[kind];
      const [optedOut] = await deps.db
        .select({ kind: mailOptOuts.kind })
        .from(mailOptOuts)
        .where(and(eq(mailOptOuts.userId, event.userId), eq(mailOptOuts.kind, kind)))
        .limit(1);
      if (optedOut) return;

      const unsubscribe = unsubscribeUrl(publicUrl, deps.secret, event.userId, kind, event.locale);
      const settings = `${publicUrl}${prefix(event.locale)}/profile/mail`;
      const dates = event.checkIn ? `${day(event.checkIn, event.locale)} – ${day(event.checkOut, event.locale)}` : "";
      const reason = notice && event.reason ? REASON[event.locale].replace("{{reason}}", event.reason) : "";
      const subject = event.estateTitle ? `${title}: ${event.estateTitle}` : title;
      const plain = [
        title,
        "",
        text,
        ...(reason ? ["", reason] : []),
        ...(event.estateTitle || dates ? ["", [event.estateTitle, dates].filter(Boolean).join(", ")] : []),
        ...(link ? ["", `${link.label}: ${link.url}`] : []),
        "",
        "—",
        `${words.unsubscribe}: ${unsubscribe}`,
        `${words.settings}: ${settings}`,
      ].join("\n");
      const html = `<!doctype html><html lang="${event.locale}"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${reason ? `<p>${escapeHtml(reason)}</p>\n` : ""}${event.estateTitle || dates ? `<p><strong>${escapeHtml(event.estateTitle)}</strong>${dates ? `<br>${escapeHtml(dates)}` : ""}</p>\n` : ""}${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n` : ""}<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(words.unsubscribe)}</a> · <a href="${escapeHtml(settings)}">${escapeHtml(words.settings)}</a></p>
</body></html>`;
      await deps.messages.sendEmail(event.email, subject, plain, { kind, html, unsubscribeUrl: unsubscribe });
    },
  };
}
