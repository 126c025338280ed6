/**
 * The HTML stream of a page, made with React's web-streams renderer.
 *
 * Not `renderToPipeableStream` from "react-dom/server": React 18.3's Node renderer encodes text
 * straight into a 2048-byte view and, when a multi-byte character does not fit at the view's end,
 * sends the whole view anyway, with NUL bytes where the character should have been (issue 10:
 * NULs in every Russian and Kyrgyz page, "Танд\0алмалар" read aloud by screen readers). The
 * web-streams build encodes whole strings and copies bytes, so it cannot split a character.
 * docs/decisions/0013-web-streams-renderer.md.
 */
import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server.browser";

export type RenderOptions = {
  nonce?: string;
  /** Wait for everything (crawlers) instead of sending the shell as soon as it is ready (people). */
  waitForAll?: boolean;
  /** After this long the rest is given up: pending parts render on the client. */
  timeoutMs: number;
  onError?: (error: unknown) => void;
};

export async function renderDocument(element: ReactElement, { nonce, waitForAll, timeoutMs, onError }: RenderOptions): Promise<ReadableStream<Uint8Array>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const stream = await renderToReadableStream(element, { nonce, signal: controller.signal, onError });
  if (waitForAll) await stream.allReady;
  // The timer must not hold the process once the document is complete.
  void stream.allReady.finally(() => clearTimeout(timer));
  return stream;
}
