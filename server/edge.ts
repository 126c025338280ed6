/**
 * The HTTP edge in front of the web app and the API: what every request passes before any route
 * runs. Request ids and a log line for every 5xx, an overload guard, body size limits that refuse
 * early, unread bodies drained so keep-alive connections stay usable, and no caching of anything
 * personal. Each piece answers the outside review of issue 11 (docs/operations.md, "HTTP edge").
 */
import type { NextFunction, Request, Response } from "express";
import { edgeMessage } from "./edge-messages";
import { randomPool } from "./random-pool";

/** A request id: 16 hex characters, random (server/random-pool.ts). */
export const newRequestId = randomPool(8, 512, "hex");

/**
 * `X-Request-Id` on every answer; a 5xx is logged with it, so a visitor's report can be found.
 * `inFlight()` names the requests being worked on, for the line an uncaught exception logs
 * (server/crash.ts).
 */
export function requestIds(log: (line: string) => void = (line) => console.error(line)) {
  const running = new Map<string, string>();
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const id = newRequestId();
    const started = process.hrtime.bigint();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    running.set(id, `${req.method} ${req.originalUrl.slice(0, 200)}`);
    res.on("finish", () => {
      running.delete(id);
      // Overload refusals are counted and logged per interval by the guard instead.
      if (res.statusCode >= 500 && !res.locals.overloadRefused) {
        const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
        log(`request ${id}: ${req.method} ${req.originalUrl.slice(0, 200)} answered ${res.statusCode} after ${ms} ms`);
      }
    });
    res.on("close", () => running.delete(id));
    next();
  };
  middleware.inFlight = () => [...running].map(([id, what]) => `${id} ${what}`);
  return middleware;
}

export type AdmissionOptions = {
  /** Requests worked on at once. The renders share one thread: more at once only makes each slower. */
  concurrency: number;
  /** The longest a request may wait for its turn; one expected to wait longer is refused at once. */
  maxWaitMs: number;
  /** Waiting requests at most, whatever the estimate says. */
  queueLimit?: number;
  retryAfterSeconds?: number;
  /** One line per interval with the count of refusals, instead of a line per 503 (issue 26). */
  log?: (line: string) => void;
  logEveryMs?: number;
};

/**
 * Admission by what the process can finish in time (issue 26): `concurrency` requests are worked
 * on at once and the next wait in a short queue, first come first served. A request arriving when
 * its expected wait (its place in the queue × the recent time a request takes ÷ `concurrency`)
 * is over `maxWaitMs`, or the queue is full, gets an honest 503 with Retry-After at once; one still
 * waiting after `maxWaitMs` (the estimate was wrong) gets it then. Before, 64 requests were admitted
 * where the machine finishes 10–25 a second, so admitted ones queued for seconds and timed out.
 * Refusals are counted and logged once per interval, not one line each (9 523 lines in 40 s).
 */
export function overloadGuard(options: AdmissionOptions) {
  const { concurrency, maxWaitMs } = options;
  const queueLimit = options.queueLimit ?? concurrency * 8;
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  const log = options.log ?? ((line: string) => console.error(line));
  const logEveryMs = options.logEveryMs ?? 10_000;
  let inFlight = 0;
  /** Recent time from admission to the answer's end, smoothed; a guess until the first answers. */
  let serviceMs = 100;
  const queue: { start: () => void; refuse: () => void; timer: NodeJS.Timeout }[] = [];
  let refused = 0;
  let logTimer: NodeJS.Timeout | null = null;

  const refuse = (req: Request, res: Response) => {
    refused++;
    logTimer ??= setTimeout(() => {
      log(`overload: refused ${refused} request(s) with 503 in the last ${Math.max(1, Math.round(logEveryMs / 1000))} s (${inFlight} at work, ${queue.length} waiting, ~${Math.round(serviceMs)} ms each)`);
      refused = 0;
      logTimer = null;
    }, logEveryMs);
    logTimer.unref();
    if (res.headersSent || res.destroyed) return;
    // The edge's log line for a 5xx would say this again, once per request.
    res.locals.overloadRefused = true;
    res.setHeader("Retry-After", retryAfter);
    res.setHeader("Cache-Control", "no-store");
    res.status(503).type("text/plain").send(edgeMessage(req, "busy"));
  };

  const admit = (res: Response, next: NextFunction) => {
    inFlight++;
    const started = performance.now();
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight--;
      serviceMs = serviceMs * 0.8 + (performance.now() - started) * 0.2;
      const waiting = queue.shift();
      if (waiting) {
        clearTimeout(waiting.timer);
        waiting.start();
      }
    };
    res.on("finish", release);
    res.on("close", release);
    next();
  };

  const guard = (req: Request, res: Response, next: NextFunction) => {
    if (inFlight < concurrency && queue.length === 0) return admit(res, next);
    const expectedWaitMs = ((queue.length + 1) * serviceMs) / concurrency;
    if (queue.length >= queueLimit || expectedWaitMs > maxWaitMs) return refuse(req, res);
    const entry = {
      start: () => (res.destroyed ? passTurn() : admit(res, next)),
      refuse: () => refuse(req, res),
      timer: setTimeout(() => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        entry.refuse();
      }, maxWaitMs),
    };
    // A visitor who gave up while waiting leaves the queue.
    res.on("close", () => {
      const at = queue.indexOf(entry);
      if (at < 0) return;
      queue.splice(at, 1);
      clearTimeout(entry.timer);
    });
    queue.push(entry);
  };
  /** A turn that came for a request whose visitor has left goes to the next. */
  function passTurn() {
    const waiting = queue.shift();
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.start();
    }
  }
  guard.inFlight = () => inFlight;
  guard.waiting = () => queue.length;
  return guard;
}

export type BodyLimits = { defaultBytes: number; uploadBytes: number };
/** Routes that take photos get the upload limit; everything else is forms and JSON. */
export const UPLOAD_PATH = /\/(photos?|uploads?|avatar)(\/|$)/;

/**
 * Refuses a body over its route's limit with 413 before reading it when Content-Length says so,
 * and stops a streamed (chunked) body the moment it passes the limit: nothing over the limit is
 * ever buffered. The connection is closed after a 413, so the unread rest is never parsed.
 */
export function bodyLimits(limits: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const limit = UPLOAD_PATH.test(req.path) ? limits.uploadBytes : limits.defaultBytes;
    const refuse = () => {
      if (res.headersSent) return void req.socket.destroy();
      res.setHeader("Connection", "close");
      res.status(413).type("text/plain").send(edgeMessage(req, "tooLarge", { kb: Math.floor(limit / 1024) }));
      res.once("finish", () => req.socket.destroy());
    };
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse();

    // Count what actually arrives: the HTTP parser hands every chunk to push().
    let received = 0;
    let refused = false;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          refused = true;
          refuse();
          req.destroy();
          return false;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}

/**
 * A route that answers without reading the body leaves it in the connection, and the next request
 * on that keep-alive connection waits behind it. Read the rest away (it is within the body limit),
 * or close the connection when it is large.
 */
export function drainUnreadBodies(maxDrainBytes = 1024 * 1024) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.on("finish", () => {
      if (req.complete || req.destroyed) return;
      const declared = Number(req.headers["content-length"] ?? NaN);
      if (Number.isFinite(declared) && declared <= maxDrainBytes) req.resume();
      else req.socket.destroy();
    });
    next();
  };
}

/**
 * Cookies a signed-out page may set and still be shared: each is a function of the URL and the
 * request's cookies (the language of the prefix, the filter of the query). A first visit to
 * `/en/...` sets `lng`; treating that as personal made every new visitor's page uncacheable.
 */
export const SHAREABLE_COOKIES = /^(lng|konok_search)=/;

function setCookieList(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** True when the response sets a cookie that is not one of the shareable ones. */
export function setsPersonalCookie(res: Response, headers?: Record<string, unknown>): boolean {
  const fromHeaders = headers ? Object.entries(headers).filter(([k]) => k.toLowerCase() === "set-cookie").flatMap(([, v]) => setCookieList(v)) : [];
  return [...setCookieList(res.getHeader("Set-Cookie")), ...fromHeaders].some((cookie) => !SHAREABLE_COOKIES.test(cookie));
}

/**
 * Pages and API answers for a signed-in person (session cookie or bearer token), and every answer
 * that sets a personal cookie or carries tokens, must never be stored by a shared cache or the
 * browser's back/forward cache for the next user of the machine.
 */
export function noStoreWhenPersonal(sessionCookie: string) {
  const tokenPaths = /^\/api\/(login|logout|register|refresh\/token|password\/reset)(\/|$)/;
  return (req: Request, res: Response, next: NextFunction) => {
    const personal = Boolean(req.headers.authorization) || (req.headers.cookie ?? "").includes(`${sessionCookie}=`) || tokenPaths.test(req.path);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const headers = args.find((a, i) => i > 0 && a && typeof a === "object" && !Array.isArray(a)) as Record<string, unknown> | undefined;
      if (personal || setsPersonalCookie(this, headers)) {
        // Headers given to writeHead win over setHeader: drop theirs.
        if (headers) for (const key of Object.keys(headers)) if (key.toLowerCase() === "cache-control") delete headers[key];
        this.setHeader("Cache-Control", "private, no-store");
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/** Why a post to a page cannot be read as a form: 415 for a body no form sends, 400 for a broken form. */
export type RefusedForm = 400 | 415;

/** The status for a post's Content-Type, or null when it is a form's (or there is no body). */
export function formBodyProblem(req: Pick<Request, "headers">): RefusedForm | null {
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody) return null;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  const mime = type.split(";")[0].trim();
  if (mime === "application/x-www-form-urlencoded") return null;
  if (mime === "multipart/form-data") return /;\s*boundary=("?)[^";]+\1/.test(type) ? null : 400;
  return 415;
}

/**
 * The web app's actions read HTML forms. A JSON, text or typeless body cannot come from our pages,
 * and `formData()` would throw a 500 on it: 415; a multipart body without its boundary is a 400.
 * A page request (a browser's post without JavaScript) goes on with `res.locals.refusedForm` set,
 * and the Remix handler shows the page's form again with that status and a message
 * (server/remix-handler.ts); the action never runs. A data request from Remix's client (`?_data`)
 * gets the plain answer here. The API under /api reads JSON and is not concerned.
 */
export function formBodiesOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || req.path === "/api" || req.path.startsWith("/api/")) return next();
    const problem = formBodyProblem(req);
    if (problem === null) return next();
    if (req.query._data === undefined) {
      res.locals.refusedForm = problem;
      return next();
    }
    if (problem === 400) return void res.status(400).type("text/plain").send(edgeMessage(req, "badMultipart"));
    res.status(415).type("text/plain").send(edgeMessage(req, "unsupportedBody"));
  };
}

/**
 * The last error handler: what a middleware threw or passed to `next(error)`. Express's own
 * answered an English HTML page and printed the stack of every one, the visitor's mistakes too (a
 * path with broken percent-encoding, `/%`, is a URIError; a missing photo under /uploads a 404):
 * one line per bad address flooded the log. Here the caller's mistakes (4xx) answer a short text
 * in their language and are not logged; anything else is a 500 that reveals nothing, logged once
 * with the request id and the stack.
 */
export function errorAnswers(log: (line: string) => void = (line) => console.error(line)) {
  // Express tells an error handler by its four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const declared = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof declared === "number" && declared >= 400 && declared < 600 ? declared : 500;
    if (status >= 500) log(`request ${String(res.locals.requestId ?? "-")}: ${req.method} ${req.originalUrl.slice(0, 200)} failed: ${(error as Error)?.stack ?? String(error)}`);
    if (res.headersSent) return void res.destroy();
    res.setHeader("Cache-Control", "no-store");
    const key = status === 404 ? "notFound" : status === 400 ? "badAddress" : status < 500 ? "badRequest" : "serverError";
    res.status(status).type("text/plain").send(edgeMessage(req, key));
  };
}
