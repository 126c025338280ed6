/**
 * The web app's calls to the API in the same process: a Request handed to the Hono app, no socket.
 * Each web request gets a fetch of its own whose calls share a session memo (who a token speaks
 * for, api/lib/session-memo.ts), emptied before and after every write so an action that ends or
 * changes the session is seen by the loaders after it.
 */
import type { Hono } from "hono";
import type { InProcessBindings, SessionMemo } from "../api/lib/session-memo";

type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

export function inProcessApi(api: Pick<Hono<never>, "fetch">, afterCall: (method: string, pathname: string) => void = () => {}) {
  const call = async (request: Request, bindings?: InProcessBindings): Promise<Response> => {
    const response = await api.fetch(request, bindings);
    afterCall(request.method, new URL(request.url).pathname);
    return response;
  };
  /** A fetch for one web request (`sessionMemo`), or for work outside any request (`null`). */
  const fetchFor =
    (sessionMemo: SessionMemo | null): ApiFetch =>
    async (apiPath, init) => {
      const request = new Request(new URL(apiPath, "http://konok.internal"), init);
      if (!sessionMemo) return call(request);
      if (request.method === "GET" || request.method === "HEAD") return call(request, { sessionMemo });
      sessionMemo.clear();
      try {
        return await call(request, { sessionMemo });
      } finally {
        sessionMemo.clear();
      }
    };
  return { call, fetchFor };
}
