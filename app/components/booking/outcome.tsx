import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Booking } from "../../../contract/booking";
import { useLocale } from "~/i18n/use-locale";
import { formatPrice } from "~/lib/format";
import { StatusBadge } from "./status-badge";
import { StaySummary } from "./stay-summary";
import { BusyButton } from "./submit";

/** The narrow column of the payment pages (confirm, success, fail): readable on a phone. */
export function PaymentShell({ children, testId, status }: { children: ReactNode; testId: string; status: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10" data-testid={testId} data-status={status}>
      {children}
    </div>
  );
}

/** A big round icon above a payment page's title: a tick, a cross or a clock. */
export function OutcomeIcon({ kind }: { kind: "ok" | "fail" | "wait" }) {
  const style = kind === "ok" ? "bg-emerald-100 text-emerald-700" : kind === "fail" ? "bg-red-100 text-red-700" : "bg-amber-100 text-amber-700";
  const p = { fill: "none", stroke: "currentColor", strokeWidth: 2.2, strokeLinecap: "round" as const, strokeLinejoin: "round" as const };
  return (
    <span aria-hidden="true" className={`flex h-14 w-14 items-center justify-center rounded-full ${style}`}>
      <svg viewBox="0 0 24 24" className="h-7 w-7">
        {kind === "ok" ? <path d="m5 12.5 4.5 4.5L19 7.5" {...p} /> : kind === "fail" ? <path d="M7 7l10 10M17 7 7 17" {...p} /> : <><circle cx="12" cy="12" r="8" {...p} /><path d="M12 8v4.5l3 2" {...p} /></>}
      </svg>
    </span>
  );
}

/** The booking in one card: its status, the stay and the total. */
export function BookingSnapshot({ booking, checkInTime, checkOutTime }: { booking: Booking; checkInTime?: string; checkOutTime?: string }) {
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  return (
    <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200" aria-label={t("trip.number", { id: booking.id })}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to={path(`/profile/booking/${booking.id}`)} className="text-sm font-medium text-stone-600 hover:underline">
          {t("trip.number", { id: booking.id })}
        </Link>
        <StatusBadge status={booking.status} />
      </div>
      <StaySummary
        title={booking.estate.title}
        city={booking.estate.city}
        photo={booking.estate.photo}
        href={path(`/estates/${booking.estate.slug}`)}
        checkInDate={booking.checkInDate}
        checkOutDate={booking.checkOutDate}
        nights={booking.nights}
        adultCount={booking.adultCount}
        childrenCount={booking.childrenCount}
        checkInTime={checkInTime}
        checkOutTime={checkOutTime}
      />
      <p className="mt-4 flex justify-between gap-3 border-t border-stone-200 pt-3 text-lg font-bold text-stone-900">
        <span>{t("price.total")}</span>
        <span className="tabular-nums" data-testid="booking-total">
          {formatPrice(booking.totalPrice, locale)}
        </span>
      </p>
    </section>
  );
}

/** "Pay N сом": a POST to the page's own action, which sends the browser to the gateway. */
export function PayButton({ bookingId, children }: { bookingId: number; children: ReactNode }) {
  return (
    <Form method="post" data-testid="pay-form">
      <input type="hidden" name="bookingId" value={bookingId} />
      <BusyButton className="btn-primary w-full py-3 text-base" testId="pay-button">
        {children}
      </BusyButton>
    </Form>
  );
}
