import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** Milliseconds as "29:41", "5 h 12 min" or "2 d 3 h". */
function useRemaining() {
  const { t } = useTranslation("booking");
  return (ms: number) => {
    const total = Math.max(0, Math.floor(ms / 1000));
    const d = Math.floor(total / 86_400);
    const h = Math.floor((total % 86_400) / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    if (d > 0) return t("countdown.dh", { d, h });
    if (h > 0) return t("countdown.hm", { h, m });
    return `${m}:${String(s).padStart(2, "0")}`;
  };
}

/**
 * A deadline: the server renders the absolute time in words ("Pay by 14:35"), which is all a
 * reader without JavaScript needs; in the browser the time left is added and ticks every second.
 */
export function Countdown({ at, children, className = "" }: { at: string; children: string; className?: string }) {
  const { t } = useTranslation("booking");
  const remaining = useRemaining();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = now === null ? null : Date.parse(at) - now;
  return (
    <span className={className} data-testid="deadline">
      <time dateTime={at}>{children}</time>
      {/* The separator outside the unbreakable part: it is where a long line may wrap (inside, the
          whole "· осталось 23 ч 57 мин" ran past the card after a sentence ending without a space). */}
      {left !== null ? (
        <>
          {" · "}
          <span className="whitespace-nowrap font-normal tabular-nums opacity-80" data-testid="countdown">
            {left > 0 ? t("countdown.left", { time: remaining(left) }) : t("countdown.over")}
          </span>
        </>
      ) : null}
    </span>
  );
}
