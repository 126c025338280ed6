/**
 * The web app's only door to the marketplace API (SPEC sections 7 and 8): every call names an
 * entry of the endpoint map (`contract/endpoints.ts`, decision 0078), which gives its method, its
 * path and the types of its request and answer; every call carries the language and, once signed
 * in, the bearer token; GETs are retried once on 502/503/504; a call that takes longer than the
 * timeout is aborted as 408; every failure becomes an ApiError.
 */
import type { AppLoadContext } from "@remix-run/node";
import { CHALLENGE_FIELD, CHALLENGE_HEADER, PROOF_HEADER } from "../../contract/code-challenge";
import type { Envelope, ErrorBody, Locale } from "../../contract/common";
import type { AnswerOf, Endpoint, QueryValue } from "../../contract/endpoints";
import type { ApiFetch } from "../load-context";

const RETRY_STATUSES = new Set([502, 503, 504]);
export const TIMEOUT_MESSAGE = "This request has been automatically aborted.";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiError";
    // A code request over the address limit names a challenge (decision 0073): a token for the
    // form to carry back, not a message for the person; it is kept apart from the field messages.
    const challenge = errors[CHALLENGE_FIELD]?.[0];
    if (challenge) {
      this.challenge = challenge;
      this.errors = Object.fromEntries(Object.entries(errors).filter(([field]) => field !== CHALLENGE_FIELD));
    }
  }
  /** The API's challenge token, when it asked for a proof of work or a wait. */
  readonly challenge?: string;
}

type Query = Record<string, QueryValue>;

/** The API over HTTP (API_BASE_URL): a call's time limit becomes fetch's own timeout signal. */
export function apiOverHttp(base: string): ApiFetch {
  return (path, { timeoutMs, ...init }) => fetch(new URL(path, base), timeoutMs && !init.signal ? { ...init, signal: AbortSignal.timeout(timeoutMs) } : init);
}

/** The names of a path's parameters: `/booking/:id/pay` → "id" (a `{regex}` after a name is the route's, not the name's). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? BareName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? BareName<Name>
    : never;
type BareName<N extends string> = N extends `${infer Base}{${string}` ? Base : N;

/**
 * What a call of endpoint E takes: `params` when its path has any, `query` when it reads one, and
 * `body` when it reads one — each checked against the map, so a renamed field fails the typecheck.
 */
export type CallArgs<E extends Endpoint> = ([ParamNames<E["path"]>] extends [never] ? unknown : { params: Record<ParamNames<E["path"]>, string | number> }) &
  ("query" extends keyof E["io"] ? { query?: E["io"]["query"] } : unknown) &
  ("body" extends keyof E["io"] ? (NoFields extends E["io"]["body"] ? { body?: E["io"]["body"] } : { body: E["io"]["body"] }) : unknown);
/** An object with no fields: a type it extends requires none (so that part may be left out). */
type NoFields = Record<never, never>;
/** The arguments after the endpoint: optional when nothing in them is required. */
type ArgsOf<E extends Endpoint> = NoFields extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

export type ApiClient = ReturnType<typeof createApiClient>;

/** A challenge the visitor's form carried back: the token, and the browser's proof when it found one. */
export type ChallengeAnswer = { token: string; nonce?: string };

export function createApiClient(context: Pick<AppLoadContext, "apiFetch" | "config">, options: { locale: Locale; token?: string | null; ip?: string; challenge?: ChallengeAnswer }) {
  async function call<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    const url = withQuery(path, query);
    const attempts = method === "GET" ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      const response = await send(method, url, body);
      if (attempt < attempts && RETRY_STATUSES.has(response.status)) continue;
      return parse<T>(response);
    }
  }

  async function send(method: string, url: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": options.locale };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    // The API limits sign-in and code requests per visitor, not per web server.
    if (options.ip) headers["X-Forwarded-For"] = options.ip;
    if (options.challenge) {
      headers[CHALLENGE_HEADER] = options.challenge.token;
      if (options.challenge.nonce) headers[PROOF_HEADER] = options.challenge.nonce;
    }
    // A FormData body (photo uploads) goes as multipart: fetch writes its own Content-Type with the boundary.
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers["Content-Type"] = "application/json";
    try {
      return await context.apiFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        timeoutMs: context.config.apiTimeoutMs,
      });
    } catch (error) {
      if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new ApiError(408, "Request Timeout", TIMEOUT_MESSAGE);
      }
      // The API cannot be reached at all: the page says so kindly, the server keeps running.
      console.error(`API ${method} ${url} failed:`, error);
      throw new ApiError(503, "Service Unavailable", "The marketplace is temporarily unavailable.");
    }
  }

  return {
    /** Calls one endpoint of the map; the answer's type is the map's, asserted nowhere else. */
    call<E extends Endpoint>(endpoint: E, ...[args]: ArgsOf<E>): Promise<AnswerOf<E>> {
      const { params, query, body } = (args ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown };
      // A POST or PUT without a body sends `{}`, as the API's JSON readers expect one.
      const sent = body ?? (endpoint.method === "POST" || endpoint.method === "PUT" ? {} : undefined);
      return call<AnswerOf<E>>(endpoint.method, pathOf(endpoint.path, params), sent, query);
    },
  };
}

/**
 * Fills a route's parameters in: `/api/v1/booking/:id` with { id: 7 } → `/api/v1/booking/7`. The
 * value is encoded, and a `{regex}` after a name (the route's constraint) is dropped.
 */
export function pathOf(path: string, params?: Record<string, string | number>): string {
  if (!path.includes(":")) return path;
  return path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's error page, say. Keep the status, say what we got.
  }
  const body = json as (Envelope<T> | ErrorBody | { status?: string }) | null;
  const failed = !response.ok || (body !== null && typeof body === "object" && ("success" in body ? body.success === false : body.status === "error"));
  if (failed) {
    const error = (body ?? {}) as Partial<ErrorBody>;
    const message = error.message || (error.errors ? JSON.stringify(error.errors) : response.statusText || `HTTP ${response.status}`);
    throw new ApiError(response.ok ? 400 : response.status, response.statusText, message, error.errors ?? {});
  }
  return (body as Envelope<T>).data;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/**
 * Turns an API failure into what the route should answer: an unknown object is the page's own 404,
 * anything else a friendly 5xx page (SPEC section 8) instead of a crash.
 */
export function routeErrorFrom(error: unknown): Response {
  if (error instanceof ApiError) {
    const status = error.status === 404 ? 404 : error.status === 408 ? 504 : error.status >= 500 ? 503 : error.status;
    return new Response(error.message, { status, statusText: error.statusText });
  }
  throw error;
}
