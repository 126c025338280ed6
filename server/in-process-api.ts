/**
 * The web app's calls to the API in the same process: a request handed to the Hono app, no socket.
 * Each web request gets a fetch of its own whose calls share a session memo (who a token speaks
 * for, api/lib/session-memo.ts), emptied before and after every write so an action that ends or
 * changes the session is seen by the loaders after it.
 *
 * The request carries no AbortSignal: nothing in the API reads one, and a Request that follows a
 * caller's signal cost ~75 µs of CPU more per call than one without (undici links the two signals
 * through weak references; issue 33). The call's time limit (`timeoutMs`) is a plain timer raced
 * against the answer instead, so an API call that hangs still fails as a timeout (408 in the
 * client) while the API finishes its work, and counts its write, behind it.
 *
 * What a call costs around the API's own work (issue 33, decision 0087): the request is a light
 * object that answers what Hono reads of every request (method, URL, headers, a JSON body) and
 * makes a real `Request` from the same parts the moment anything else is asked (a form, the body
 * stream, the signal); and the answer's JSON text, which Hono's Node adapter keeps as the string
 * it was given, is handed to the reader as that string instead of being encoded into a web stream
 * and decoded again. The API runs the same route, middleware, checks and serialisation as for a
 * caller over HTTP; the reader still parses the text, so no object is shared between the API and
 * a page.
 */
import type { Hono } from "hono";
import type { InProcessBindings, SessionMemo } from "../api/lib/session-memo";
import type { ApiFetch } from "../app/load-context";

/** Where in-process requests are addressed; no socket is opened. */
const ORIGIN = "http://konok.internal";

type Init = Omit<Parameters<ApiFetch>[1], "signal" | "timeoutMs">;

export function inProcessApi(api: Pick<Hono<never>, "fetch">, afterCall: (method: string, pathname: string) => void = () => {}) {
  const call = async (request: Request, bindings?: InProcessBindings, pathname?: string): Promise<Response> => {
    const response = await api.fetch(request, bindings);
    afterCall(request.method, pathname ?? new URL(request.url).pathname);
    return withTextAtHand(response);
  };
  /** A fetch for one web request (`sessionMemo`), or for work outside any request (`null`). */
  const fetchFor =
    (sessionMemo: SessionMemo | null): ApiFetch =>
    (apiPath, init) => {
      const { signal, timeoutMs, ...rest } = init;
      // Parsed as fetch parses it (dot segments, escapes), once: the API routes the same path as over HTTP.
      const url = new URL(apiPath, ORIGIN);
      const request = inProcessRequest(url.href, rest);
      let answer: Promise<Response>;
      if (!sessionMemo) answer = call(request, undefined, url.pathname);
      else if (request.method === "GET" || request.method === "HEAD") answer = call(request, { sessionMemo }, url.pathname);
      else {
        sessionMemo.clear();
        answer = call(request, { sessionMemo }, url.pathname).finally(() => sessionMemo.clear());
      }
      return timeoutMs || signal ? withinLimits(answer, timeoutMs, signal ?? undefined) : answer;
    };
  return { call, fetchFor };
}

/** The methods fetch writes in capitals whatever their case; another spelling is left to a real Request. */
const PLAIN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]);

const real = Symbol("real request");
const parts = Symbol("parts");
type Light = Request & { [parts]: { url: string; init: Init; body: string | null; used: boolean }; [real]?: Request };

/**
 * What Hono reads of every request, without undici's `Request`: its constructor parses the URL
 * again, copies the headers, makes an AbortSignal (transferable between threads, which is what
 * costs) and wraps a body into a web stream that `json()` then encodes and decodes (issue 33).
 * A string body is read as fetch would read it; anything else, and every other property, comes
 * from a real Request made once from the same parts.
 */
export function inProcessRequest(url: string, init: Init): Request {
  const method = init.method ?? "GET";
  const body = init.body ?? null;
  // What fetch would refuse or rewrite (a GET with a body, a lower-case method, a stream or form
  // body, a text that is not well-formed Unicode or starts with a byte order mark, which decoding
  // changes), a real Request handles from the start, as it always did.
  const plain =
    PLAIN_METHODS.has(method) &&
    Object.keys(init).every((key) => key === "method" || key === "headers" || key === "body") && (body === null || (typeof body === "string" && method !== "GET" && method !== "HEAD" && wellFormed(body) && body.charCodeAt(0) !== 0xfeff));
  if (!plain) return new Request(url, init);
  const headers = new Headers(init.headers);
  // As fetch does for a text body without a type.
  if (body !== null && !headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  const light = Object.create(lightPrototype()) as Light;
  Object.defineProperties(light, { method: { value: method }, url: { value: url }, headers: { value: headers } });
  light[parts] = { url, init, body, used: false };
  return light;
}

/** No lone surrogate (which encoding would turn into U+FFFD). Node 20 has the method; TypeScript's lib here not yet. */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

function realOf(light: Light): Request {
  const { url, init, body, used } = light[parts];
  if (!light[real]) {
    light[real] = new Request(url, { ...init, headers: light.headers });
    // The body was read through the light side: the real one says so, and refuses a second read.
    if (used && body !== null) void light[real].arrayBuffer();
  }
  return light[real];
}

/** The body as text, once, as a Request gives it: a second read is refused. */
function textOnce(light: Light): Promise<string> {
  const state = light[parts];
  if (light[real]) return light[real].text();
  // No body: nothing is used up, every read gives "".
  if (state.body === null) return Promise.resolve("");
  if (state.used) return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
  state.used = true;
  return Promise.resolve(state.body ?? "");
}

/** What the light request answers itself; every other property of a Request comes from a real one. */
const lightOwn: PropertyDescriptorMap = {
  text: {
    value(this: Light) {
      return textOnce(this);
    },
  },
  json: {
    value(this: Light) {
      return textOnce(this).then((text) => JSON.parse(text) as unknown);
    },
  },
  bodyUsed: {
    get(this: Light) {
      return this[real] ? this[real].bodyUsed : this[parts].used;
    },
  },
};

/**
 * The light request's prototype, under the Request the process uses now: Hono's Node adapter
 * replaces the global Request with a subclass of its own when the server mounts the API, after
 * this module was loaded, and `instanceof Request` must hold for either. Every getter and method a
 * Request has (undici's, and the subclass's) that the light request does not answer itself is
 * taken from the real request, so nothing ever reads undici's state on the light object.
 */
let prototypeOf: { request: typeof Request; prototype: object } | null = null;
function lightPrototype(): object {
  if (prototypeOf?.request === Request) return prototypeOf.prototype;
  const delegated: PropertyDescriptorMap = {};
  for (let level: object | null = Request.prototype; level && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    for (const key of Reflect.ownKeys(level)) {
      if (key === "constructor" || key in lightOwn || key in delegated || key === "method" || key === "url" || key === "headers") continue;
      const found = Object.getOwnPropertyDescriptor(level, key)!;
      if (found.get) delegated[key] = { get: delegateGet(key) };
      else if (typeof found.value === "function") delegated[key] = { value: delegateCall(key) };
    }
  }
  prototypeOf = { request: Request, prototype: Object.create(Request.prototype, { ...delegated, ...lightOwn }) as object };
  return prototypeOf.prototype;
}

function delegateGet(key: PropertyKey) {
  return function (this: Light) {
    return (realOf(this) as unknown as Record<PropertyKey, unknown>)[key];
  };
}

function delegateCall(key: PropertyKey) {
  return function (this: Light, ...args: unknown[]) {
    const request = realOf(this);
    return ((request as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[key]).apply(request, args);
  };
}

/**
 * Hono's Node adapter (`@hono/node-server`, which the server mounts for /api) replaces the global
 * Response with a light one that keeps a string body as given, under a symbol of its own, until
 * something asks for more than status and headers. Reading that string is what `text()` would
 * give, without a web stream that encodes it and a reader that decodes it again. Any other answer
 * (a stream, a file, undici's own Response in a process without the adapter) is read as always.
 */
function withTextAtHand(response: Response): Response {
  const text = keptText(response);
  if (text === null) return response;
  let used = false;
  const once = () => {
    if (used) return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
    used = true;
    return Promise.resolve(text);
  };
  Object.defineProperties(response, {
    text: { value: once },
    json: { value: () => once().then((t) => JSON.parse(t) as unknown) },
  });
  return response;
}

/** The string body a light Response of Hono's Node adapter keeps (`[status, body, headers]`), or null. */
export function keptText(response: Response): string | null {
  for (const key of Object.getOwnPropertySymbols(response)) {
    if (key.description !== "cache") continue;
    const kept = (response as unknown as Record<symbol, unknown>)[key];
    if (Array.isArray(kept) && kept.length === 3 && typeof kept[1] === "string") return kept[1];
  }
  return null;
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
