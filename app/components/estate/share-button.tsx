import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";

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
  const icon = (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="h-4 w-4" aria-hidden="true">
      <path d="M10 13V3m0 0L6.5 6.5M10 3l3.5 3.5M4 10v6a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );

  if (native) {
    return (
      <button type="button" className={buttonClass} onClick={() => navigator.share({ title, url }).catch(() => undefined)} data-testid="share">
        {icon}
        {t("share.button")}
      </button>
    );
  }

  const text = encodeURIComponent(`${title} ${url}`);
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
          <a href={`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`} target="_blank" rel="noopener noreferrer" className="btn-secondary flex-1 px-3 py-2 text-sm">
            Telegram
          </a>
          <a href={`https://wa.me/?text=${text}`} target="_blank" rel="noopener noreferrer" className="btn-secondary flex-1 px-3 py-2 text-sm">
            WhatsApp
          </a>
        </div>
      </div>
    </details>
  );
}
