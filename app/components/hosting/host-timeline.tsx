import { useTranslation } from "react-i18next";
import type { BookingEventItem } from "../../../contract/booking";
import { STATUS_TONE, TONE_STYLE } from "~/components/booking/status";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format";

/** The booking's history told to its host ("The guest paid"), oldest first; the latest is stressed. */
export function HostTimeline({ events }: { events: BookingEventItem[] }) {
  const { t } = useTranslation("hosting");
  const { locale } = useLocale();
  if (!events.length) return null;
  return (
    <ol className="relative space-y-4 border-l-2 border-stone-200 pl-5" data-testid="timeline">
      {events.map((event, i) => {
        const last = i === events.length - 1;
        return (
          <li key={`${event.at}-${event.status}`} className="relative" data-status={event.status}>
            <span aria-hidden="true" className={`absolute -left-[1.72rem] top-1 h-3 w-3 rounded-full ring-4 ring-white ${last ? TONE_STYLE[STATUS_TONE[event.status]].dot : "bg-stone-300"}`} />
            <p className={last ? "font-semibold text-stone-900" : "text-stone-700"}>{t(`events.${event.status}`)}</p>
            <p className="text-sm text-stone-500">
              <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
