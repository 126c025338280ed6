import { useTranslation } from "~/i18n/use-translation";
import type { BookingStatus } from "../../../contract/booking";
import { STATUS_TONE, TONE_STYLE } from "./status";

/** The status in words, in its colour; `data-status` carries the machine name for tests. */
export function StatusBadge({ status, size = "sm" }: { status: BookingStatus; size?: "sm" | "md" }) {
  const { t } = useTranslation("booking");
  const style = TONE_STYLE[STATUS_TONE[status]];
  return (
    <span
      data-testid="booking-status"
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full font-semibold ring-1 ${style.badge} ${size === "md" ? "px-3 py-1 text-sm" : "px-2.5 py-0.5 text-xs"}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${style.dot}`} />
      {t(`status.${status}.name`)}
    </span>
  );
}
