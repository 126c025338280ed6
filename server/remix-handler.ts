/**
 * Express → Remix, as `@remix-run/express` does it, plus one thing it cannot do: a post to a page
 * whose body is no readable form (a JSON or text body, a broken multipart body) never reaches the
 * action. The page is rendered again as for a GET, with the refusal's status (415 or 400) and a
 * message above it in the page's language, so the visitor sees the form and can send it again
 * (issue 11). When the page sends the visitor elsewhere (an action-only address such as `/mode`
 * to its page, `/login` to the visitor's language), that page is shown, once; anything else that
 * is no page answers the same status with the message as plain text.
 */
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import en from "../app/locales/en/common.json";
import ky from "../app/locales/ky/common.json";
import ru from "../app/locales/ru/common.json";
import { documentHtmlOf } from "../app/lib/document-html";
import { UPLOAD_PATH, type RefusedForm } from "./edge";
import { writeStreamToResponse } from "./stream-to-response";

const UNREADABLE = { ru: ru.form.unreadable, en: en.form.unreadable, ky: ky.form.unreadable };

export function remixHandler(options: { build: ServerBuild; mode: string; getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext }) {
  const handle = createRemixHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      let refused = res.locals.refusedForm as RefusedForm | undefined;
      let body: Buffer | undefined;
      // A page's multipart post is read here first (it is within the form body limit), so a broken
      // one is refused like a wrong type: actions that call `formData()` would otherwise throw a 500.
      // Uploads keep streaming; their actions read them through `readForm`, which answers 400.
      if (!refused && isPagePost(req) && /^multipart\/form-data/i.test(req.get("content-type") ?? "") && !UPLOAD_PATH.test(req.path)) {
        body = await readBody(req);
        if (res.headersSent) return; // the body limit answered 413 while it arrived
        if (!(await parsesAsForm(body, req.get("content-type")!))) refused = 400;
      }
      const context = options.getLoadContext(req, res);
      if (refused) return await reshow(req, res, refused, context);
      const response = await handle(remixRequest(req, res, { body }), context);
      await send(res, response);
    } catch (error) {
      if (res.headersSent) return void res.destroy(error as Error);
      next(error);
    }
  };

  async function reshow(req: ExpressRequest, res: ExpressResponse, status: RefusedForm, context: AppLoadContext) {
    const again = { ...context, refusedForm: status };
    let response = await handle(remixRequest(req, res, { method: "GET" }), again);
    // The page sends this visitor elsewhere (to their language, or an action-only address to its
    // page): show that one, once.
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location && /^\/(?![/\\])/.test(location)) {
      await response.body?.cancel();
      response = await handle(remixRequest(req, res, { method: "GET", path: location }), again);
    }
    res.setHeader("Cache-Control", "no-store");
    if (response.status === 200 && /^text\/html/.test(response.headers.get("Content-Type") ?? "")) {
      return send(res, response, status);
    }
    await response.body?.cancel();
    const locale = /^\/(en|ky)(\/|$)/.exec(req.path)?.[1] ?? "ru";
    res.status(status).type("text/plain").send(UNREADABLE[locale as keyof typeof UNREADABLE]);
  }
}

const isPagePost = (req: ExpressRequest) => req.method === "POST" && req.query._data === undefined && !req.path.startsWith("/api/");

async function readBody(req: ExpressRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req) chunks.push(chunk as Buffer);
  } catch {
    // Destroyed by the body limit (which answers 413) or by the client: the caller checks.
  }
  return Buffer.concat(chunks);
}

async function parsesAsForm(body: Buffer, contentType: string): Promise<boolean> {
  try {
    await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/** The fetch Request Remix reads, from Express's; `GET` renders the page instead of posting to it. */
function remixRequest(req: ExpressRequest, res: ExpressResponse, options: { body?: Buffer; method?: "GET"; path?: string }): Request {
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find((p) => Number.isSafeInteger(p));
  // req.hostname follows the "trust proxy" setting.
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${options.path ?? req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (options.method === "GET" && /^(content-type|content-length|transfer-encoding)$/i.test(key)) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  let controller: AbortController | null = new AbortController();
  const method = options.method ?? req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = options.body ? new Uint8Array(options.body) : createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // Loaders and actions are aborted when the answer can no longer be written (close before finish).
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response, status = response.status) {
  // A page rendered to a string (app/entry.server.tsx) goes out in one write: no body stream to
  // pump, and the compressor and the socket get the whole page at once. Its status text is the
  // standard one (the entry gives none), and is not asked for: see documentHtmlOf.
  const html = documentHtmlOf(response);
  res.statusMessage = status === response.status && html === undefined ? response.statusText : "";
  res.status(status);
  for (const [key, value] of response.headers.entries()) {
    if (status !== response.status && key.toLowerCase() === "cache-control") continue;
    res.append(key, value);
  }
  if (html !== undefined) res.end(html);
  else if (response.body) await writeStreamToResponse(response.body, res);
  else res.end();
}
