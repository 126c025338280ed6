import { useTranslation } from "~/i18n/use-translation";
import type { BookingEventItem } from "../../../contract/booking";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format";
import { STATUS_TONE, TONE_STYLE } from "./status";

/**
 * What happened to the booking and when (Bishkek time), oldest first; the latest is stressed.
 * Told to the guest by default; the host's page tells it in its own words (`describe`).
 */
export function Timeline({ events, describe }: { events: BookingEventItem[]; describe?: (event: BookingEventItem) => string }) {
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
  const label = describe ?? ((event: BookingEventItem) => t(`events.${event.status}`, { context: event.actor }));
  if (!events.length) return null;
  return (
    <ol className="relative space-y-4 border-l-2 border-stone-200 pl-5" data-testid="timeline">
      {events.map((event, i) => {
        const last = i === events.length - 1;
        return (
          <li key={`${event.at}-${event.status}`} className="relative" data-status={event.status}>
            <span
              aria-hidden="true"
              className={`absolute -left-[1.72rem] top-1 h-3 w-3 rounded-full ring-4 ring-white ${last ? TONE_STYLE[STATUS_TONE[event.status]].dot : "bg-stone-300"}`}
            />
            <p className={last ? "font-semibold text-stone-900" : "text-stone-700"}>{label(event)}</p>
            <p className="text-sm text-stone-500">
              <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
