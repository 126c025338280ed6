/**
 * A page's HTML: as one string when nothing on it waits (every page today), else as a stream.
 *
 * `renderDocumentToString` renders with React's `renderToString`, which builds the document as one
 * JavaScript string: no web stream, no `TextEncoder` per piece, one write to the socket. A
 * `<Suspense>` boundary that did not complete (something suspended, or failed inside it) comes out
 * as a client-rendered boundary (`<!--$!-->`), with no error reported; then the caller renders the
 * page again with `renderDocument`, the streaming renderer below, which waits for it, reports the
 * errors and streams what is late (docs/decisions/0088-pages-render-to-a-string.md).
 *
 * The stream is React's web-streams renderer, not `renderToPipeableStream` from "react-dom/server":
 * React 18.3's Node renderer encodes text straight into a 2048-byte view and, when a multi-byte
 * character does not fit at the view's end, sends the whole view anyway, with NUL bytes where the
 * character should have been (issue 10: NULs in every Russian and Kyrgyz page, "Танд\0алмалар" read
 * aloud by screen readers). The web-streams build encodes whole strings and copies bytes, so it
 * cannot split a character. docs/decisions/0013-web-streams-renderer.md. `renderToString` has no
 * bytes at all: it returns a JavaScript string, which Node encodes whole when it is written.
 */
import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server.browser";

/**
 * How long after the shell a person's document may wait to go out whole (see renderDocument); also
 * how long the entry waits for the loaders' hydration data before it gives up rendering to a string.
 */
export const WHOLE_DOCUMENT_GRACE_MS = 10;

export type RenderOptions = {
  nonce?: string;
  /** Wait for everything (crawlers) instead of sending the shell as soon as it is ready (people). */
  waitForAll?: boolean;
  /**
   * How long the parts that stream after the shell (Suspense boundaries) may take, counted from
   * the moment the shell is ready. Then they are given up: React completes the document with
   * instructions to render them in the browser. The shell itself is never aborted.
   */
  timeoutMs: number;
  /** A real render error. The timeout's abort is not one: it is reported to `onTimeout`. */
  onError?: (error: unknown) => void;
  onTimeout?: () => void;
};

/**
 * Issue 11 (cut-off pages under 200-client load): the abort timer used to start with the render.
 * Load tools look like crawlers to `isbot`, so they waited for the whole document; when a busy
 * event loop let the timer fire first, React gave up the pending parts and reported the abort as
 * an error before the answer was made, and the entry turned that into a 500 for a page that was
 * complete but for its last, client-rendered parts (and, its shell not sent yet, logged nothing).
 * Now the timer starts only once the shell is ready, and its abort is never an error.
 */
export async function renderDocument(element: ReactElement, { nonce, waitForAll, timeoutMs, onError, onTimeout }: RenderOptions): Promise<ReadableStream<Uint8Array>> {
  const controller = new AbortController();
  const stream = await renderToReadableStream(element, {
    nonce,
    signal: controller.signal,
    onError(error) {
      if (controller.signal.aborted) return;
      onError?.(error);
    },
  });
  let finished = false;
  const timer = setTimeout(() => {
    if (finished) return;
    onTimeout?.();
    controller.abort(new Error(`render: parts still pending after ${timeoutMs} ms are left to the browser`));
  }, timeoutMs);
  // The timer must not hold the process once the document is complete.
  void stream.allReady.finally(() => {
    finished = true;
    clearTimeout(timer);
  });
  if (waitForAll) await stream.allReady;
  // For people, the shell goes out as soon as it is ready; but what follows it is usually only the
  // loaders' data for hydration (Remix streams it through a Suspense boundary), ready a moment
  // later. A document complete within the grace period goes out whole: no boundary to fill in the
  // browser, so no inline script and template for it (~0.3 KB gzip of every page, issue 16).
  else await Promise.race([stream.allReady.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, WHOLE_DOCUMENT_GRACE_MS))]);
  return stream;
}

/**
 * A boundary `renderToString` gave up: it suspended (its part was not ready at once) or threw. React
 * writes this comment only for such a boundary; text and attributes are escaped, so a page's content
 * cannot contain it (a `dangerouslySetInnerHTML` that did would only cost a render by stream).
 */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * The page as one string if every part of it rendered at once, `null` if a `<Suspense>` boundary did
 * not (render it again with `renderDocument`). An error outside every boundary (the shell's) is
 * thrown, as `renderDocument` rejects with it.
 */
export function renderDocumentToString(element: ReactElement): string | null {
  const html = renderToString(element);
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  // The streaming renderer writes the doctype before a root `<html>`; the string renderer does not.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}
