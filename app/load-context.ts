/**
 * What the server entry hands every loader and action. The web app reaches the marketplace API
 * only through `apiFetch`: in-process by default, or over HTTP when API_BASE_URL is set.
 */
/**
 * A call's options: fetch's, and a time limit after which the call fails as fetch's TimeoutError
 * does. A limit rather than an AbortSignal, so that the in-process door (server/in-process-api.ts)
 * need not make a signal for every call; over HTTP it becomes one (`apiOverHttp`).
 */
export type ApiInit = RequestInit & { timeoutMs?: number };
export type ApiFetch = (path: string, init: ApiInit) => Promise<Response>;

export type AppContext = {
  apiFetch: ApiFetch;
  cspNonce: string;
  /** The visitor's address (Express resolves it behind trusted proxies). */
  clientIp: string;
  /** Runs a token refresh once across all nodes (Redis, when REDIS_URL is set); absent on one node. */
  singleFlight?: (key: string, run: () => Promise<string | null>) => Promise<string | null>;
  /**
   * Set when a post to this page had no readable form body (415: JSON, text or no type; 400: a
   * broken multipart body): the page is rendered again instead of the action, with a message.
   */
  refusedForm?: 400 | 415;
  /**
   * A page's HTML is asked for, not a client-side navigation's data (`….data`): its translations
   * are named files the browser fetches and keeps (decision 0042) instead of inlined dictionaries.
   */
  documentRequest?: boolean;
  /**
   * A document's render reads what loaders put here (components/server-rendered.tsx): data that
   * parts rendered only by the server show, kept out of the page's hydration data.
   */
  serverOnly?: Record<string, unknown>;
  config: {
    publicUrl: string;
    /** The map's tile template (MAP_TILE_URL) and its attribution, handed to the browser's map. */
    mapTileUrl: string;
    mapTileAttribution: string;
    apiTimeoutMs: number;
    sessionSecret: string;
    production: boolean;
    /** Production without real money (the sandbox or a test merchant): every page says so (server/config.ts). */
    paymentsTrial?: boolean;
    /** pusher-js options for signed-in visitors (server/realtime/setup.ts). */
    realtime?: { key: string; cluster: string; wsHost: string | null; wsPort: number | null; forceTLS: boolean | null };
  };
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
