import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { NotificationItem } from "../../../contract/account";
import { NOTIFICATION_TYPES, operatorNoticeOf } from "../../../contract/notification-types";
import type { Locale } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";

// The types are the contract's (the database enum is built from the same list).
export { NOTIFICATION_TYPES };
type KnownType = (typeof NOTIFICATION_TYPES)[number];

type Tone = "good" | "bad" | "soon" | "new" | "star" | "neutral" | "estate";

const TONE: Record<KnownType, Tone> = {
  booking_requested: "new",
  booking_paid: "good",
  booking_confirmed: "good",
  booking_declined: "bad",
  booking_cancelled_by_host: "bad",
  booking_cancelled_by_guest: "bad",
  booking_annulled: "bad",
  booking_annulled_without_payment: "bad",
  booking_annulled_without_confirm: "bad",
  booking_annulled_soon: "soon",
  booking_annulled_without_payment_soon: "soon",
  booking_annulled_without_confirm_soon: "soon",
  booking_completed: "star",
  booking: "neutral",
  estate: "estate",
  calendar_conflict: "soon",
  review_invitation: "star",
  review_published: "star",
};

const TONE_STYLE: Record<Tone, string> = {
  good: "bg-emerald-50 text-emerald-700",
  bad: "bg-red-50 text-red-700",
  soon: "bg-amber-50 text-amber-700",
  new: "bg-brand-50 text-brand-700",
  star: "bg-amber-50 text-amber-600",
  neutral: "bg-stone-100 text-stone-700",
  estate: "bg-sky-50 text-sky-700",
};

function ToneIcon({ tone }: { tone: Tone }) {
  const p = { fill: "none", stroke: "currentColor", strokeWidth: 1.9, strokeLinecap: "round" as const, strokeLinejoin: "round" as const };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      {tone === "good" ? (
        <path d="m5 12.5 4.5 4.5L19 7.5" {...p} />
      ) : tone === "bad" ? (
        <path d="M7 7l10 10M17 7 7 17" {...p} />
      ) : tone === "soon" ? (
        <>
          <circle cx="12" cy="12" r="8" {...p} />
          <path d="M12 8v4.5l3 2" {...p} />
        </>
      ) : tone === "new" ? (
        <path d="M4 13.5h4l1.5 2.5h5l1.5-2.5h4M5.5 6h13L20 13.5V18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-4.5Z" {...p} />
      ) : tone === "star" ? (
        <path d="m12 4 2.4 5 5.4.6-4 3.7 1.1 5.3L12 16l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6Z" {...p} />
      ) : tone === "estate" ? (
        <path d="M4 11 12 4.5l8 6.5M6.5 9.5V19h11V9.5M10 19v-5h4v5" {...p} />
      ) : (
        <>
          <rect x="4" y="5.5" width="16" height="14" rx="2" {...p} />
          <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" {...p} />
        </>
      )}
    </svg>
  );
}

/** A title in the payload: plain text, or one per language as the catalogue stores them. */
function titleIn(value: unknown, locale: Locale): string | null {
  if (typeof value === "string") return value || null;
  if (value && typeof value === "object") {
    const texts = value as Partial<Record<Locale, unknown>>;
    const text = texts[locale] ?? texts.ru;
    return typeof text === "string" && text ? text : null;
  }
  return null;
}

/**
 * Types only one side of a booking receives (see the booking state machine), for notifications
 * written before they said who reads them (`payload.readerRole`).
 */
const GUEST_ONLY: readonly string[] = ["booking_confirmed", "booking_declined", "booking_cancelled_by_host", "booking_annulled_soon", "booking_annulled_without_payment_soon"];
const HOST_ONLY: readonly string[] = ["booking_requested", "booking_cancelled_by_guest", "booking_annulled_without_confirm_soon", "calendar_conflict", "review_invitation"];

/**
 * The booking's page for the one reading the notification: a guest's /profile/booking/{id}, a
 * host's /host/booking/{id} (without the language prefix); null when it concerns no booking.
 */
export function bookingPageFor(item: Pick<NotificationItem, "type" | "bookingId" | "payload">): string | null {
  if (item.bookingId === null) return null;
  const stated = item.payload.readerRole;
  const role = stated === "guest" || stated === "host" ? stated : GUEST_ONLY.includes(item.type) ? "guest" : HOST_ONLY.includes(item.type) ? "host" : null;
  if (role === "guest") return `/profile/booking/${item.bookingId}`;
  if (role === "host") return `/host/booking/${item.bookingId}`;
  return null;
}

const isKnown = (type: string): type is KnownType => (NOTIFICATION_TYPES as readonly string[]).includes(type);

/**
 * `when` and `dates` are formatted by the loader: the server and the browser may format dates
 * differently, and the page must not change when it hydrates.
 */
export function NotificationRow({ item, when, dates }: { item: NotificationItem; when: string; dates: string | null }) {
  const { t } = useTranslation("account");
  const { locale, path } = useLocale();
  const type = isKnown(item.type) ? item.type : null;
  // What an operator did (contract/notification-types.ts OPERATOR_NOTICES): its own title and
  // text, the operator's reason beneath, and the host's listing as the link.
  const notice = operatorNoticeOf(item.type, item.payload.event);
  const key = notice ?? type ?? "other";
  const reason = notice && typeof item.payload.reason === "string" && item.payload.reason ? item.payload.reason : null;
  const tone: Tone = type ? TONE[type] : "neutral";
  const estateTitle = titleIn(item.payload.estateTitle, locale);
  const bookingId = item.bookingId ?? (typeof item.payload.bookingId === "number" || typeof item.payload.bookingId === "string" ? item.payload.bookingId : null);
  const details = [estateTitle ? t("notifications.quoted", { title: estateTitle }) : null, dates, bookingId !== null ? t("notifications.bookingNumber", { id: bookingId }) : null].filter(Boolean);
  const page = notice && notice !== "estate_review_hidden" && item.estateId ? `/host/objects/${item.estateId}` : bookingPageFor(item);
  const href = page ? path(page) : null;
  return (
    <li
      className={`relative flex gap-3 rounded-2xl p-4 ${item.read ? "bg-white ring-1 ring-stone-200" : "bg-brand-50/60 ring-1 ring-brand-200"}`}
      data-testid="notification"
      data-read={item.read ? "true" : "false"}
    >
      <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${TONE_STYLE[tone]}`}>
        <ToneIcon tone={tone} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-start justify-between gap-2">
          <span className={`text-stone-900 ${item.read ? "font-medium" : "font-semibold"}`}>{t(`notifications.types.${key}.title`)}</span>
          {!item.read ? (
            <span className="mt-1.5 inline-flex shrink-0 items-center">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-brand-600" />
              <span className="sr-only">{t("notifications.unread")}</span>
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm text-stone-700">{t(`notifications.types.${key}.text`)}</p>
        {details.length ? <p className="mt-1 break-words text-sm font-medium text-stone-800">{details.join(" · ")}</p> : null}
        {reason ? (
          <p className="mt-1 break-words text-sm text-stone-800" data-testid="notification-reason">
            {t("notifications.reason", { reason })}
          </p>
        ) : null}
        <p className="mt-1 flex flex-wrap items-center justify-between gap-x-3 text-xs text-stone-500">
          <time dateTime={item.createdAt}>{when}</time>
          {href ? (
            <Link to={href} className="-my-2 inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 hover:underline">
              {t("notifications.open")} <span aria-hidden="true">&nbsp;→</span>
            </Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}
