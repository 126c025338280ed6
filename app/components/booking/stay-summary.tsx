import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Photo as PhotoData } from "../../../contract/common";
import { Photo } from "~/components/photo";
import { useLocale } from "~/i18n/use-locale";
import { formatDate } from "~/lib/format";

export type StaySummaryProps = {
  title: string;
  city: string;
  photo: PhotoData | null;
  href: string;
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  adultCount: number;
  childrenCount: number;
  checkInTime?: string;
  checkOutTime?: string;
  badge?: ReactNode;
};

export function PhotoThumb({ photo, className = "h-20 w-24" }: { photo: PhotoData | null; className?: string }) {
  return photo ? (
    <Photo photo={photo} sizes="128px" alt="" className={`${className} shrink-0 rounded-2xl bg-stone-200 object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${className} flex shrink-0 items-center justify-center rounded-2xl bg-stone-200 text-2xl text-stone-400`}>
      ⌂
    </span>
  );
}

export const guestsText = (t: (key: string, options?: Record<string, unknown>) => string, adults: number, children: number) =>
  [t("trip.adults", { count: adults }), children > 0 ? t("trip.children", { count: children }) : null].filter(Boolean).join(", ");

/** The stay at a glance: photo, title (to the estate's page), city, dates with times, guests. */
export function StaySummary(props: StaySummaryProps) {
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
  const date = (d: string) => formatDate(d, locale, { day: "numeric", month: "long", year: "numeric" });
  const weekday = (d: string) => formatDate(d, locale, { weekday: "short" });
  return (
    <div data-testid="stay-summary">
      <div className="flex gap-4">
        <PhotoThumb photo={props.photo} />
        <div className="min-w-0">
          {props.badge ? <div className="mb-1">{props.badge}</div> : null}
          <Link to={props.href} className="line-clamp-2 break-words font-semibold text-stone-900 hover:underline" data-testid="stay-title">
            {props.title}
          </Link>
          <p className="mt-0.5 text-sm text-stone-600">{props.city}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <dt className="text-stone-500">{t("trip.checkIn")}</dt>
          <dd className="mt-0.5 font-semibold text-stone-900" data-testid="trip-check-in">
            {date(props.checkInDate)}
          </dd>
          <dd className="text-stone-600">
            {weekday(props.checkInDate)}
            {props.checkInTime ? `, ${t("trip.after", { time: props.checkInTime })}` : ""}
          </dd>
        </div>
        <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <dt className="text-stone-500">{t("trip.checkOut")}</dt>
          <dd className="mt-0.5 font-semibold text-stone-900" data-testid="trip-check-out">
            {date(props.checkOutDate)}
          </dd>
          <dd className="text-stone-600">
            {weekday(props.checkOutDate)}
            {props.checkOutTime ? `, ${t("trip.before", { time: props.checkOutTime })}` : ""}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-stone-700" data-testid="trip-guests">
        {t("trip.nights", { count: props.nights })} · {guestsText(t, props.adultCount, props.childrenCount)}
      </p>
    </div>
  );
}
