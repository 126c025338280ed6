/**
 * The full-screen photo viewer. It is not part of the estate page's first-load JavaScript: the
 * gallery loads this module with `import()` when a guest first opens a photo (see gallery.tsx).
 *
 * A modal `<dialog>`: the page behind is inert, so focus stays inside, and Escape closes it. The
 * arrows, ←/→ (Home/End) and a swipe with a finger or the mouse move between photos; the two
 * neighbours are rendered beside the current photo, so they are already loaded when they slide in.
 * Opening pushes a history entry, so the phone's Back button closes the viewer instead of leaving
 * the page (and the router, seeing only a hash change, reloads nothing); gallery-history.ts says
 * what becomes of that entry after closing.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { srcsetOf, type PagePhoto as Photo } from "~/lib/photo-srcset";
import { VIEWER_MARK, onViewerEntry } from "./gallery-history";

/** Milliseconds a slide takes; matches `duration-300` below. */
const SLIDE_MS = 300;
/** The gallery section's id (gallery.tsx), the hash of the page's entry behind the viewer. */
const GALLERY_ID = "photos";


type Drag = { id: number; x: number; y: number; time: number; horizontal: boolean | null };

export default function GalleryViewer({
  photos,
  title,
  start,
  onClose,
}: {
  photos: Photo[];
  title: string;
  start: number;
  /** Called once the viewer should go, with the photo it was showing. */
  onClose: (index: number) => void;
}) {
  const { t } = useTranslation("estate");
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  // Horizontal offset of the slides in px: follows a finger, then animates to ±width or back to 0.
  const [offset, setOffset] = useState(0);
  // How the offset moves: under a finger, sliding to a neighbour, springing back, or not at all.
  const [motion, setMotion] = useState<"drag" | "slide" | "snap" | "idle">("idle");
  const sliding = motion === "slide";
  const pushed = useRef(false);
  const drag = useRef<Drag | null>(null);
  // The photo shown, or being slid to: keys pressed during a slide count from where it is heading.
  const indexRef = useRef(start);
  const slideTimer = useRef<number | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const count = photos.length;

  const reducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  /** Shows a photo at once, cutting short a slide on its way. */
  const jump = useCallback((target: number) => {
    if (slideTimer.current !== null) window.clearTimeout(slideTimer.current);
    slideTimer.current = null;
    indexRef.current = target;
    setMotion("idle");
    setOffset(0);
    setIndex(target);
  }, []);

  /** Slides to the previous (-1) or next (+1) photo; at either end it springs back. */
  const go = useCallback(
    (direction: 1 | -1) => {
      const target = indexRef.current + direction;
      if (target < 0 || target >= count) {
        if (slideTimer.current === null) {
          setMotion("snap");
          setOffset(0);
        }
        return;
      }
      // A second press during a slide, or no motion wanted: straight there.
      if (slideTimer.current !== null || reducedMotion()) return jump(target);
      indexRef.current = target;
      const width = stage.current?.clientWidth ?? window.innerWidth;
      setMotion("slide");
      setOffset(-direction * width);
      // Then the neighbour becomes the current photo in place: same pixels, no transition.
      slideTimer.current = window.setTimeout(() => jump(target), SLIDE_MS);
    },
    [count, jump],
  );
  useEffect(() => () => {
    if (slideTimer.current !== null) window.clearTimeout(slideTimer.current);
  }, []);

  // Open as a modal dialog, keep the page behind from scrolling, and put the close on Back.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";

    // The entry the viewer pushes copies the router's own state, so the router sees nothing new.
    // The router does see the Back press, though, and reloads the page's data when a history step
    // removes a hash (`/page#x` → `/page`). So the page's own entry is first given the gallery's
    // hash, if it has none: going back to it is then a hash change, which needs no data.
    try {
      if (!onViewerEntry()) {
        const { state } = window.history;
        if (!window.location.hash) window.history.replaceState(state, "", `${window.location.pathname}${window.location.search}#${GALLERY_ID}`);
        window.history.pushState({ ...(state as object | null), [VIEWER_MARK]: true }, "");
        pushed.current = true;
      }
    } catch {
      // No history (a sandboxed frame): Escape and the close button still work.
    }
    const onPop = () => {
      pushed.current = false;
      closeRef.current(indexRef.current);
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      root.style.overflow = overflow;
      if (element.open) element.close();
    };
  }, []);

  /** Every way out goes back over the pushed entry when there is one; its popstate then closes. */
  const close = () => {
    if (pushed.current && onViewerEntry()) window.history.back();
    else onClose(indexRef.current);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "ArrowRight") go(1);
    else if (event.key === "Home") jump(0);
    else if (event.key === "End") jump(count - 1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (sliding || (event.pointerType === "mouse" && event.button !== 0)) return;
    if ((event.target as HTMLElement).closest("button")) return;
    if (drag.current) {
      // A second finger: a pinch, not a swipe.
      drag.current = null;
      setMotion("snap");
      setOffset(0);
      return;
    }
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp, horizontal: null };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (d.horizontal === null) {
      if (Math.abs(dx) < 8 && Math.abs(dy) < 8) return;
      d.horizontal = Math.abs(dx) > Math.abs(dy);
      if (d.horizontal) event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (!d.horizontal) return;
    setMotion("drag");
    // Past the first or last photo the slide resists, as if on a rubber band.
    const atEnd = (dx > 0 && index === 0) || (dx < 0 && index === count - 1);
    setOffset(atEnd ? dx / 3 : dx);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    drag.current = null;
    if (!d.horizontal) return;
    const dx = event.clientX - d.x;
    const width = stage.current?.clientWidth ?? window.innerWidth;
    const fast = Math.abs(dx) > 30 && Math.abs(dx) / Math.max(event.timeStamp - d.time, 1) > 0.4;
    if (event.type !== "pointercancel" && (Math.abs(dx) > Math.min(100, width * 0.2) || fast)) go(dx < 0 ? 1 : -1);
    else {
      setMotion("snap");
      setOffset(0);
    }
  };

  const slides = [index - 1, index, index + 1];
  const photo = photos[index];
  // At either end an arrow stays focusable but dimmed (a disabled button would drop the focus).
  const arrow =
    "absolute top-1/2 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-stone-950/50 text-3xl leading-none text-white ring-1 ring-white/20 transition hover:bg-stone-950/80 aria-disabled:opacity-30 sm:h-12 sm:w-12";

  return (
    // The dialog handles the keys for the whole viewer; its buttons are reachable by Tab as usual.
    <dialog
      ref={dialog}
      aria-label={t("viewer.label", { title })}
      className="fixed inset-0 m-0 h-[100dvh] max-h-none w-screen max-w-none overflow-hidden bg-stone-950 p-0 text-white backdrop:bg-stone-950"
      onCancel={(event) => {
        // Escape: close through the same path as the button, so the history entry goes too.
        event.preventDefault();
        close();
      }}
      onKeyDown={onKeyDown}
      data-testid="gallery-viewer"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <p className="text-sm font-medium tabular-nums" aria-live="polite" data-testid="viewer-counter">
            <span aria-hidden="true">
              {index + 1} / {count}
            </span>
            <span className="sr-only">{t("viewer.counter", { index: index + 1, count })}</span>
          </p>
          <button
            type="button"
            onClick={close}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-2xl leading-none hover:bg-white/15"
            aria-label={t("viewer.close")}
            data-testid="viewer-close"
            autoFocus
          >
            ✕
          </button>
        </div>

        <div
          ref={stage}
          className="relative min-h-0 flex-1 select-none overflow-hidden [touch-action:pan-y_pinch-zoom]"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          data-testid="viewer-stage"
        >
          <div
            className={`flex h-full ${motion === "slide" ? "transition-transform duration-300 ease-out" : motion === "snap" ? "transition-transform duration-200 ease-out" : ""}`}
            style={{ transform: `translateX(calc(-100% + ${offset}px))` }}
          >
            {slides.map((i) => {
              const p = photos[i];
              if (!p) return <div key={`empty${i}`} className="h-full w-full shrink-0" aria-hidden="true" />;
              return (
                <figure key={p.id} className="m-0 flex h-full w-full shrink-0 items-center justify-center px-2 sm:px-20" aria-hidden={i !== index}>
                  <img
                    src={p.url}
                    srcSet={srcsetOf(p)}
                    // As wide as the screen, or on a screen wider than the photo's shape, as the height allows.
                    sizes={`(min-aspect-ratio: ${p.width}/${p.height}) ${Math.round((100 * p.width) / p.height)}vh, 100vw`}
                    width={p.width}
                    height={p.height}
                    alt={p.alt || title}
                    draggable={false}
                    decoding="async"
                    className="max-h-full max-w-full object-contain"
                    data-testid={i === index ? "viewer-image" : undefined}
                  />
                </figure>
              );
            })}
          </div>

          <button type="button" onClick={() => go(-1)} aria-disabled={index === 0} className={`${arrow} left-2 sm:left-4`} aria-label={t("viewer.previous")} data-testid="viewer-previous">
            ‹
          </button>
          <button type="button" onClick={() => go(1)} aria-disabled={index === count - 1} className={`${arrow} right-2 sm:right-4`} aria-label={t("viewer.next")} data-testid="viewer-next">
            ›
          </button>
        </div>

        <p className="min-h-[3rem] px-4 py-3 text-center text-sm text-stone-300" data-testid="viewer-caption">
          {photo.alt && photo.alt !== title ? photo.alt : null}
        </p>
      </div>
    </dialog>
  );
}
