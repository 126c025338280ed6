import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { srcsetOf, type PagePhoto as PhotoData } from "~/lib/photo-srcset";
import { Photo } from "~/components/photo";
import { onViewerEntry } from "./gallery-history";

/** A layout effect in the browser; on the server, where it would warn and never run, a plain one. */
const useLayoutEffectInBrowser = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The largest variant in a srcset: where a listing's preview (no public page yet) links a photo. */
function largestOf(photo: PhotoData): string {
  let best = photo.url;
  let bestWidth = 0;
  for (const entry of srcsetOf(photo).split(",")) {
    const [url, width] = entry.trim().split(/\s+/);
    const w = Number.parseInt(width ?? "", 10);
    if (url && w > bestWidth) {
      best = url;
      bestWidth = w;
    }
  }
  return best;
}

type ViewerProps = { photos: PhotoData[]; title: string; start: number; onClose: (index: number) => void };
let viewerModule: Promise<ComponentType<ViewerProps>> | null = null;
/** The full-screen viewer's code, fetched once, when a guest first reaches for a photo. */
function loadViewer() {
  viewerModule ??= import("./gallery-viewer").then(
    (m) => m.default,
    (error) => {
      viewerModule = null;
      throw error;
    },
  );
  return viewerModule;
}

/**
 * A horizontal strip of photos that snaps one photo at a time: swiping on a phone and a scrollbar
 * or the keyboard on a desktop work without JavaScript, and each photo links to its own page in
 * the site's frame (`/estates/{slug}/photos/{n}`), with the previous and next photos a link away.
 * The first photo loads eagerly (it is the page's largest paint), the rest lazily. With
 * JavaScript, arrow buttons scroll the strip, and a photo opens in the full-screen viewer, whose
 * code is only fetched then (`import()`), so it costs the page's first load nothing.
 */
export function Gallery({ photos, title, slug }: { photos: PhotoData[]; title: string; slug?: string }) {
  const { t } = useTranslation("estate");
  const { path } = useLocale();
  const strip = useRef<HTMLUListElement>(null);
  // The arrow buttons need JavaScript, and are only shown while there is somewhere to scroll.
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    window.addEventListener("resize", check);
    return () => window.removeEventListener("resize", check);
  }, []);
  const [viewer, setViewer] = useState<{ Viewer: ComponentType<ViewerProps>; start: number } | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  // The closed viewer's entry is still ahead in the history: Forward into it goes straight back
  // (the same page and hash, so the router loads nothing), and Forward has no effect.
  const viewerOpen = useRef(false);
  viewerOpen.current = viewer !== null;
  // Before paint, not after: returning to this page by Back then Forward shows it at once, and a
  // Forward pressed as soon as it shows must already be sent back.
  useLayoutEffectInBrowser(() => {
    const onPop = () => {
      if (!viewerOpen.current && onViewerEntry()) window.history.back();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const open = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // A new tab, a download, a middle click: the link does what links do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    setOpening(index);
    loadViewer().then(
      (Viewer) => {
        setOpening(null);
        setViewer({ Viewer, start: index });
      },
      // Offline, or a new build replaced the chunk: the photo's page still opens.
      () => window.location.assign(href),
    );
  };

  // Back on the page, the strip shows and focuses the photo the guest was last looking at (once
  // the dialog is gone: nothing outside a modal dialog can take the focus).
  const returnTo = useRef<number | null>(null);
  useEffect(() => {
    if (viewer || returnTo.current === null) return;
    const item = strip.current?.children[returnTo.current] as HTMLElement | undefined;
    returnTo.current = null;
    item?.scrollIntoView({ block: "nearest", inline: "start" });
    item?.querySelector("a")?.focus({ preventScroll: true });
  }, [viewer]);
  const closed = (index: number) => {
    returnTo.current = index;
    setViewer(null);
  };

  if (photos.length === 0) {
    return (
      <div className="flex aspect-[16/7] items-center justify-center rounded-2xl bg-stone-200 text-stone-500" data-testid="gallery-empty">
        {t("gallery.none")}
      </div>
    );
  }

  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: "smooth" });
  };

  return (
    <section id="photos" aria-label={t("gallery.label", { count: photos.length })} className="relative -mx-4 scroll-mt-20 sm:mx-0" data-testid="gallery">
      <ul
        ref={strip}
        tabIndex={0}
        className="flex snap-x snap-mandatory gap-2 overflow-x-auto scroll-px-4 px-4 pb-1 [scrollbar-width:thin] sm:scroll-px-0 sm:px-0"
      >
        {photos.map((photo, index) => (
          <li key={photo.id} className="relative w-[88%] shrink-0 snap-start sm:w-[62%] lg:w-[48%]">
            <a
              href={slug ? path(`/estates/${slug}/photos/${index + 1}`) : largestOf(photo)}
              className={`block aspect-[4/3] overflow-hidden rounded-2xl bg-stone-200 ${opening === index ? "cursor-progress opacity-80" : ""}`}
              aria-label={t("gallery.open", { index: index + 1, count: photos.length })}
              onClick={(event) => open(event, index)}
              onPointerEnter={() => void loadViewer().catch(() => undefined)}
              aria-busy={opening === index || undefined}
              data-testid="gallery-photo"
            >
              <Photo
                photo={photo}
                alt={photo.alt || title}
                eager={index === 0}
                sizes="(min-width: 1024px) 560px, (min-width: 640px) 62vw, 88vw"
                className="h-full w-full object-cover"
              />
            </a>
            <span className="pointer-events-none absolute bottom-2 right-2 rounded-full bg-stone-900/70 px-2 py-0.5 text-xs font-medium text-white" aria-hidden="true">
              {index + 1} / {photos.length}
            </span>
          </li>
        ))}
      </ul>
      {overflows ? (
        <>
          <button
            type="button"
            onClick={() => scroll(-1)}
            className="absolute left-3 top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-xl shadow-md ring-1 ring-stone-200 hover:bg-white sm:flex"
            aria-label={t("gallery.previous")}
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            className="absolute right-3 top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-xl shadow-md ring-1 ring-stone-200 hover:bg-white sm:flex"
            aria-label={t("gallery.next")}
          >
            ›
          </button>
        </>
      ) : null}
      {viewer ? <viewer.Viewer photos={photos} title={title} start={viewer.start} onClose={closed} /> : null}
    </section>
  );
}
