import { useEffect, useState } from "react";
import { Icon } from "~/components/icon";
import { useTranslation } from "~/i18n/use-translation";
import { telegramShareHref, whatsappShareHref } from "~/lib/share-links";

/**
 * Sharing the page's canonical address. Without JavaScript (or without `navigator.share`, as on most
 * desktops) a disclosure offers the link itself, Telegram and WhatsApp; with it, the phone's own
 * share sheet opens, and a copy button appears where the clipboard can be written.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("estate");
  const [native, setNative] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setNative(typeof navigator.share === "function");
    setCanCopy(typeof navigator.clipboard?.writeText === "function");
  }, []);

  const buttonClass = "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-stone-800 underline-offset-4 hover:bg-stone-100 hover:underline";
  const icon = <Icon name="share" className="h-4 w-4" />;

  if (native) {
    return (
      <button type="button" className={buttonClass} onClick={() => navigator.share({ title, url }).catch(() => undefined)} data-testid="share">
        {icon}
        {t("share.button")}
      </button>
    );
  }

  return (
    <details className="relative" data-testid="share">
      <summary className={`${buttonClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {icon}
        {t("share.button")}
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-stone-200">
        <label htmlFor="share-url" className="field-label">
          {t("share.link")}
        </label>
        <input id="share-url" readOnly value={url} className="field-input text-sm" onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
        {canCopy ? (
          <button
            type="button"
            className="btn-secondary mt-2 w-full text-sm"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            {copied ? t("share.copied") : t("share.copy")}
          </button>
        ) : null}
        <div className="mt-3 flex gap-2 text-sm">
          <a href={telegramShareHref(url, title)} target="_blank" rel="noopener noreferrer" className="btn-secondary flex-1 px-3 py-2 text-sm">
            Telegram
          </a>
          <a href={whatsappShareHref(url, title)} target="_blank" rel="noopener noreferrer" className="btn-secondary flex-1 px-3 py-2 text-sm">
            WhatsApp
          </a>
        </div>
      </div>
    </details>
  );
}
