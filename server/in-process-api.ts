/**
 * The web app's calls to the API in the same process: a Request handed to the Hono app, no socket.
 * Each web request gets a fetch of its own whose calls share a session memo (who a token speaks
 * for, api/lib/session-memo.ts), emptied before and after every write so an action that ends or
 * changes the session is seen by the loaders after it.
 *
 * The Request carries no AbortSignal: nothing in the API reads one, and a Request that follows a
 * caller's signal cost ~75 µs of CPU more per call than one without (undici links the two signals
 * through weak references; issue 33). The call's time limit (`timeoutMs`) is a plain timer raced
 * against the answer instead, so an API call that hangs still fails as a timeout (408 in the
 * client) while the API finishes its work, and counts its write, behind it.
 */
import type { Hono } from "hono";
import type { InProcessBindings, SessionMemo } from "../api/lib/session-memo";
import type { ApiFetch } from "../app/load-context";

/** Where in-process requests are addressed; no socket is opened. */
const ORIGIN = "http://konok.internal";

export function inProcessApi(api: Pick<Hono<never>, "fetch">, afterCall: (method: string, pathname: string) => void = () => {}) {
  const call = async (request: Request, bindings?: InProcessBindings, pathname?: string): Promise<Response> => {
    const response = await api.fetch(request, bindings);
    afterCall(request.method, pathname ?? new URL(request.url).pathname);
    return response;
  };
  /** A fetch for one web request (`sessionMemo`), or for work outside any request (`null`). */
  const fetchFor =
    (sessionMemo: SessionMemo | null): ApiFetch =>
    (apiPath, init) => {
      const { signal, timeoutMs, ...rest } = init;
      const url = apiPath.startsWith("/") ? ORIGIN + apiPath : new URL(apiPath, ORIGIN).href;
      const request = new Request(url, rest);
      const pathname = new URL(request.url).pathname;
      let answer: Promise<Response>;
      if (!sessionMemo) answer = call(request, undefined, pathname);
      else if (request.method === "GET" || request.method === "HEAD") answer = call(request, { sessionMemo }, pathname);
      else {
        sessionMemo.clear();
        answer = call(request, { sessionMemo }, pathname).finally(() => sessionMemo.clear());
      }
      return timeoutMs || signal ? withinLimits(answer, timeoutMs, signal ?? undefined) : answer;
    };
  return { call, fetchFor };
}

/** The answer, or a rejection as fetch gives it: a TimeoutError after `timeoutMs`, the signal's reason when it aborts first. */
function withinLimits(answer: Promise<Response>, timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<Response> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(signal!.reason);
    const timer = timeoutMs ? setTimeout(() => reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")), timeoutMs) : undefined;
    signal?.addEventListener("abort", onAbort, { once: true });
    answer.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    });
  });
}
