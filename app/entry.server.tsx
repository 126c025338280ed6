import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderDocument, renderDocumentToString, WHOLE_DOCUMENT_GRACE_MS } from "./lib/render-document.server";
import { prefillHandoff, readHandoff, replayHandoff } from "./lib/remix-handoff.server";
import { DOCUMENT_HTML } from "./lib/document-html";
import { NonceProvider } from "./lib/nonce";
import { ServerOnlyDataProvider } from "./components/server-rendered";
import { ErrorWordsProvider } from "./i18n/error-words";
import { resources } from "./i18n/resources.server";

/** The error page's words in each language, for a page whose root loader failed (i18n/error-words.tsx). */
const ERROR_WORDS = { ru: resources.ru.errors, en: resources.en.errors, ky: resources.ky.errors };

/** How long the parts streamed after the shell may take (counted from the shell, see renderDocument). */
export const streamTimeout = 5_000;

/**
 * The page as one string when all of it renders at once (every page today: no loader returns a
 * promise, and the lazy parts are rendered directly on the server), else streamed as before
 * (app/lib/render-document.server.tsx, docs/decisions/0088-pages-render-to-a-string.md). The string
 * makes no web stream and no `TextEncoder` call per piece (15–24 % less main-thread time per page,
 * measured side by side), and goes to the socket in one write (server/remix-handler.ts takes it
 * from the response's `DOCUMENT_HTML`).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Crawlers (and load tools, which isbot counts among them) get the whole document at once;
  // people get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const page = () => (
    <NonceProvider value={nonce}>
      <ErrorWordsProvider value={ERROR_WORDS}>
        <ServerOnlyDataProvider value={loadContext.serverOnly ?? {}}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </ServerOnlyDataProvider>
      </ErrorWordsProvider>
    </NonceProvider>
  );
  const onError = (error: unknown) => {
    // A render error before the answer is made fails it; every one is logged (the shell's own
    // failure is logged by Remix's handleError as well). Our timeout is not an error.
    if (!answered) responseStatusCode = 500;
    console.error(error);
  };
  let answered = false;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // The hydration data first: a person's page waits for it as long as for a whole document below.
  const handoff = await readHandoff(remixContext, waitForAll ? Infinity : WHOLE_DOCUMENT_GRACE_MS);
  if (!handoff || handoff.complete) {
    if (handoff) prefillHandoff(remixContext, handoff);
    let html: string | null;
    try {
      html = renderDocumentToString(page());
    } catch (error) {
      onError(error);
      throw error;
    }
    if (html !== null) {
      answered = true;
      const response = new Response(html, { headers: responseHeaders, status: responseStatusCode });
      return Object.assign(response, { [DOCUMENT_HTML]: html });
    }
  }
  // Something on the page was not ready at once (or failed inside a boundary): render it again with
  // the streaming renderer, which waits for it, reports the errors and sends the rest when ready.
  // Said in a header, so a test sees a page that stops rendering to a string.
  if (handoff) replayHandoff(remixContext, handoff);
  responseHeaders.set("Server-Timing", 'render;desc="stream"');
  const body = await renderDocument(page(), {
    nonce,
    waitForAll,
    timeoutMs: streamTimeout + 1_000,
    onError,
    onTimeout() {
      console.error(`render: ${new URL(request.url).pathname} still had parts pending after ${streamTimeout + 1_000} ms; they render in the browser`);
    },
  });
  answered = true;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who navigated away aborts the request: that is not an error worth a log line.
  if (request.signal.aborted) return;
  console.error(error);
};
