import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderDocument } from "./lib/render-document.server";
import { NonceProvider } from "./lib/nonce";
import { ServerOnlyDataProvider } from "./components/server-rendered";
import { ErrorWordsProvider } from "./i18n/error-words";
import { resources } from "./i18n/resources.server";

/** The error page's words in each language, for a page whose root loader failed (i18n/error-words.tsx). */
const ERROR_WORDS = { ru: resources.ru.errors, en: resources.en.errors, ky: resources.ky.errors };

/** How long the parts streamed after the shell may take (counted from the shell, see renderDocument). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  let answered = false;
  const body = await renderDocument(
    <NonceProvider value={nonce}>
      <ErrorWordsProvider value={ERROR_WORDS}>
        <ServerOnlyDataProvider value={loadContext.serverOnly ?? {}}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </ServerOnlyDataProvider>
      </ErrorWordsProvider>
    </NonceProvider>,
    {
      nonce,
      // Crawlers (and load tools, which isbot counts among them) get the whole document at once;
      // people get the shell as soon as it is ready.
      waitForAll: isbot(request.headers.get("user-agent") ?? ""),
      timeoutMs: streamTimeout + 1_000,
      onError(error: unknown) {
        // A render error before the answer is made fails it; every one is logged (the shell's own
        // failure is logged by Remix's handleError as well). Our timeout is not an error.
        if (!answered) responseStatusCode = 500;
        console.error(error);
      },
      onTimeout() {
        console.error(`render: ${new URL(request.url).pathname} still had parts pending after ${streamTimeout + 1_000} ms; they render in the browser`);
      },
    },
  );
  answered = true;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who navigated away aborts the request: that is not an error worth a log line.
  if (request.signal.aborted) return;
  console.error(error);
};
