/**
 * Live toasts (SPEC section 9): bottom right, closing by themselves after 5000 ms, collapsing in
 * 300 ms, no icon and no progress bar. Each links to what it is about.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import type { Toast } from "./toasts";

const AUTO_CLOSE_MS = 5000;
const COLLAPSE_MS = 300;

export function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation("common");
  const { path } = useLocale();
  const [leaving, setLeaving] = useState(false);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setLeaving(true), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [paused]);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(onClose, COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [leaving, onClose]);

  const { title, text, href } =
    toast.kind === "message"
      ? {
          title: t("live.newMessage", { name: toast.data.from || t("live.someone") }),
          text: toast.data.preview,
          href: path(`${toast.data.role === "host" ? "/host/chat" : "/chat"}/${toast.data.chatId}`),
        }
      : {
          title: t(`live.notification.${toast.data.type}`, { defaultValue: t("live.notification.booking") }),
          text: toast.data.estateTitle,
          // Hosts have no booking page of their own yet: their notification list links on from there.
          href: path(
            toast.data.bookingId
              ? toast.data.role === "host"
                ? `/host/booking/${toast.data.bookingId}`
                : `/profile/booking/${toast.data.bookingId}`
              : "/profile/notifications",
          ),
        };
  return (
    <div
      className={`pointer-events-auto rounded-2xl border border-stone-200 bg-white p-4 text-sm shadow-lg transition-all duration-300 ${leaving ? "translate-y-2 opacity-0" : "opacity-100"}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid={`toast-${toast.kind}`}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">{title}</p>
          {text ? <p className="mt-0.5 line-clamp-2 text-stone-700">{text}</p> : null}
          <Link to={href} className="mt-2 inline-block font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onClose}>
            {t("live.open")}
          </Link>
        </div>
        <button type="button" onClick={() => setLeaving(true)} className="-m-1 flex h-8 w-8 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100" aria-label={t("live.close")}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
