/**
 * The HTTP edge (server/edge.ts, sameOriginActions) over real sockets: an Express app on an
 * ephemeral port, spoken to with node:http, so Content-Length, chunked bodies and keep-alive
 * behave as they do in production.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimits, drainUnreadBodies, errorAnswers, formBodiesOnly, noStoreWhenPersonal, overloadGuard, requestIds } from "../../server/edge";
import { sameOriginActions } from "../../server/http";

const logged: string[] = [];
let server: http.Server;
let port = 0;
let largestRead = 0;
let release: (() => void) | null = null;

beforeAll(async () => {
  const app = express();
  app.use(requestIds((line) => logged.push(line)));
  app.get("/slow", overloadGuard({ concurrency: 1, maxWaitMs: 0, log: (line) => logged.push(line) }), (_req, res) => {
    release = () => res.send("slow done");
  });
  app.use(bodyLimits({ defaultBytes: 1024 * 1024, uploadBytes: 4 * 1024 * 1024 }));
  app.use(drainUnreadBodies());
  app.use(noStoreWhenPersonal("__konok"));
  app.use(sameOriginActions("https://konok.example"));
  app.post("/read", (req, res) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => {
      largestRead = Math.max(largestRead, size);
      res.send(`read ${size}`);
    });
    req.on("error", () => {});
  });
  app.post("/ignore", (_req, res) => res.send("did not read"));
  app.post("/form", formBodiesOnly(), (_req, res) => res.send(res.locals.refusedForm ? `page again with ${res.locals.refusedForm}` : "a form"));
  app.post("/api/json", formBodiesOnly(), (_req, res) => res.send("json is fine here"));
  app.get("/public", (_req, res) => res.set("Cache-Control", "public, max-age=600").send("hello"));
  app.get("/sets-language", (_req, res) => res.cookie("lng", "en").send("an English page"));
  app.get("/sets-session", (_req, res) => res.cookie("lng", "en").cookie("__konok", "secret").send("signed in"));
  app.get("/boom", (_req, res) => res.status(500).send("broken"));
  app.get("/pages/*", (req, res) => res.send(`page ${String((req.params as Record<string, string>)[0])}`));
  app.get("/throws", () => {
    throw new Error("secret detail of a bug");
  });
  app.use(errorAnswers((line) => logged.push(line)));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function request(options: http.RequestOptions & { body?: Buffer | string; chunks?: Buffer[] }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, ...options }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (options.chunks) {
      (async () => {
        for (const chunk of options.chunks!) {
          if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
          if (req.destroyed) return;
        }
        req.end();
      })().catch(() => {});
    } else req.end(options.body);
  });
}

describe("body limits", () => {
  it("refuses a declared body over the limit with 413 before reading any of it", async () => {
    const answer = await request({ method: "POST", path: "/read", headers: { "Content-Length": String(5 * 1024 * 1024) } }).catch(() => null);
    expect(answer?.status).toBe(413);
    expect(answer?.headers.connection).toBe("close");
    expect(answer?.body).toBe("Слишком большой запрос: здесь не больше 1024 КБ.");
  });

  it("says so in the visitor's language: the URL's prefix, the language cookie, then Accept-Language", async () => {
    const tooBig = { method: "POST", headers: { "Content-Length": String(5 * 1024 * 1024) } };
    expect((await request({ ...tooBig, path: "/en/read" }))?.body).toBe("Request body too large: at most 1024 KB here.");
    expect((await request({ ...tooBig, path: "/read", headers: { ...tooBig.headers, Cookie: "lng=Imt5Ig%3D%3D" } }))?.body).toBe("Суроо өтө чоң: бул жерде 1024 КБдан ашпашы керек.");
    expect((await request({ ...tooBig, path: "/read", headers: { ...tooBig.headers, "Accept-Language": "en-GB,en;q=0.9" } }))?.body).toBe("Request body too large: at most 1024 KB here.");
  });

  it("stops a chunked body the moment it passes the limit, never handing the route more", async () => {
    largestRead = 0;
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 97));
    const answer = await request({ method: "POST", path: "/read", headers: { "Transfer-Encoding": "chunked" }, chunks }).catch((e: Error) => ({ status: 0, headers: {}, body: e.message }));
    expect([413, 0]).toContain(answer.status);
    expect(largestRead).toBeLessThanOrEqual(1024 * 1024);
  });

  it("gives upload routes their larger limit", async () => {
    const answer = await request({ method: "POST", path: "/photos", headers: { "Content-Length": String(2 * 1024 * 1024) }, body: Buffer.alloc(2 * 1024 * 1024) });
    expect(answer.status).toBe(404);
  });
});

describe("unread bodies", () => {
  it("do not stall the next request on the same keep-alive connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await request({ agent, method: "POST", path: "/ignore", headers: { "Content-Type": "text/plain" }, body: Buffer.alloc(300 * 1024, 98) });
    expect(first.status).toBe(200);
    const started = Date.now();
    const second = await request({ agent, method: "GET", path: "/public" });
    expect(second.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    agent.destroy();
  });
});

describe("overload", () => {
  it("answers 503 with Retry-After beyond the in-flight limit, and serves again after", async () => {
    const first = request({ method: "GET", path: "/slow" });
    await new Promise((r) => setTimeout(r, 100));
    const second = await request({ method: "GET", path: "/slow" });
    expect(second.status).toBe(503);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
    expect(second.body).toBe("Konok сейчас перегружен. Попробуйте ещё раз через несколько секунд.");
    release?.();
    expect((await first).status).toBe(200);
    const third = request({ method: "GET", path: "/slow" });
    await new Promise((r) => setTimeout(r, 100));
    release?.();
    expect((await third).status).toBe(200);
  });
});

describe("admission by what can be finished in time", () => {
  /** An app whose only route holds each request until the test lets it go. */
  async function heldApp(options: { concurrency: number; maxWaitMs: number; queueLimit?: number; logEveryMs?: number }) {
    const lines: string[] = [];
    const held: (() => void)[] = [];
    const app = express();
    app.use(requestIds((line) => lines.push(`edge: ${line}`)));
    const guard = overloadGuard({ ...options, log: (line) => lines.push(line) });
    app.use(guard);
    app.get("/work", (_req, res) => void held.push(() => res.send("done")));
    const own = app.listen(0, "127.0.0.1");
    await new Promise((r) => own.once("listening", r));
    const ownPort = (own.address() as AddressInfo).port;
    const get = () =>
      new Promise<{ status: number; retryAfter?: string; ms: number }>((resolve, reject) => {
        const started = Date.now();
        http.get({ host: "127.0.0.1", port: ownPort, path: "/work", agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined, ms: Date.now() - started }));
        }).on("error", reject);
      });
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    };
    return { lines, held, guard, get, until, close: () => new Promise<void>((r) => own.close(() => r())) };
  }

  it("queues a few behind the ones at work, refuses the rest at once with 503 and Retry-After, and logs them once", async () => {
    // Two at work and two waiting (the queue's limit here); more are refused on arrival, long before
    // the second a waiting one may wait.
    const app = await heldApp({ concurrency: 2, maxWaitMs: 1000, queueLimit: 2, logEveryMs: 1500 });
    const answers = [app.get(), app.get()];
    await app.until(() => app.held.length === 2);
    answers.push(app.get(), app.get());
    await app.until(() => app.guard.waiting() === 2);
    const refused = await Promise.all([app.get(), app.get(), app.get()]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe("2");
      expect(answer.ms).toBeLessThan(600);
    }
    // The first two finish; the waiting two get their turn and finish too.
    app.held.splice(0, 2).forEach((let_go) => let_go());
    await app.until(() => app.held.length === 2);
    app.held.splice(0).forEach((let_go) => let_go());
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // One line for the three refusals, none per request.
    await app.until(() => app.lines.length > 0);
    expect(app.lines).toEqual([expect.stringMatching(/^overload: refused 3 request\(s\) with 503 in the last 2 s/)]);
    await app.close();
  });

  it("refuses at once a request whose expected wait is over the longest wait", async () => {
    // ~100 ms a request until measured, one at a time, at most 250 ms of waiting: two may wait
    // (expected 100 and 200 ms), the third would wait ~300 ms.
    const app = await heldApp({ concurrency: 1, maxWaitMs: 250 });
    const first = app.get();
    await app.until(() => app.held.length === 1);
    const waiting = [app.get(), app.get()];
    await app.until(() => app.guard.waiting() === 2);
    const third = await app.get();
    expect(third.status).toBe(503);
    expect(app.guard.waiting()).toBe(2);
    // Let everything go, also what is admitted meanwhile (the two that waited, if their turn came in time).
    const letGo = setInterval(() => app.held.splice(0).forEach((let_go) => let_go()), 10);
    expect((await first).status).toBe(200);
    await Promise.all(waiting);
    clearInterval(letGo);
    await app.close();
  });

  it("refuses a waiting request whose turn has not come within the longest wait", async () => {
    const app = await heldApp({ concurrency: 1, maxWaitMs: 150 });
    const first = app.get();
    await app.until(() => app.held.length === 1);
    const waiting = await app.get();
    expect(waiting.status).toBe(503);
    expect(waiting.ms).toBeGreaterThanOrEqual(140);
    expect(waiting.ms).toBeLessThan(1000);
    app.held.splice(0).forEach((let_go) => let_go());
    expect((await first).status).toBe(200);
    await app.close();
  });
});

describe("caching and request ids", () => {
  it("never lets a page for a signed-in person be stored, whatever the route said", async () => {
    expect((await request({ path: "/public" })).headers["cache-control"]).toBe("public, max-age=600");
    expect((await request({ path: "/public", headers: { Cookie: "lng=en; __konok=abc" } })).headers["cache-control"]).toBe("private, no-store");
    expect((await request({ path: "/public", headers: { Authorization: "Bearer x" } })).headers["cache-control"]).toBe("private, no-store");
  });

  it("lets a signed-out page that only remembers the language be shared, never one that sets a session", async () => {
    // A first visit to /en sets `lng`: that is the same for every visitor of the URL.
    expect((await request({ path: "/sets-language" })).headers["cache-control"]).toBeUndefined();
    expect((await request({ path: "/sets-session" })).headers["cache-control"]).toBe("private, no-store");
  });

  it("logs every 5xx with the request id the answer carries", async () => {
    const answer = await request({ path: "/boom" });
    expect(answer.status).toBe(500);
    const id = answer.headers["x-request-id"] as string;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(logged.some((line) => line.includes(id) && line.includes("GET /boom") && line.includes("500"))).toBe(true);
  });
});

describe("form posts and the Host header", () => {
  it("answers 403, not Remix's 500, when a post from PUBLIC_URL arrives with another Host", async () => {
    const answer = await request({ method: "POST", path: "/ignore", headers: { Origin: "https://konok.example", Host: "internal:3000" }, body: "a=1" });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/Host header does not match PUBLIC_URL/);
    const forwarded = await request({ method: "POST", path: "/ignore", headers: { Origin: "https://konok.example", Host: "internal:3000", "X-Forwarded-Host": "konok.example" }, body: "a=1" });
    expect(forwarded.status).toBe(200);
    const crossSite = await request({ method: "POST", path: "/ignore", headers: { Origin: "https://evil.example", Host: "konok.example" }, body: "a=1" });
    expect(crossSite.status).toBe(403);
  });
});

describe("web actions take forms only", () => {
  it("marks a page's post with a JSON, text or typeless body 415 and a multipart body without boundary 400; data requests get the plain answer", async () => {
    const post = (type: string | undefined, body = "x=1", path = "/form") =>
      request({ method: "POST", path, headers: { ...(type && { "Content-Type": type }), "Content-Length": String(Buffer.byteLength(body)) }, body });
    expect((await post("application/x-www-form-urlencoded")).body).toBe("a form");
    expect((await post("multipart/form-data; boundary=abc", "--abc--")).body).toBe("a form");
    // A page's post goes on, marked: the Remix handler shows the page again (server/remix-handler.ts).
    expect((await post("application/json", '{"a":1}')).body).toBe("page again with 415");
    expect((await post("text/plain")).body).toBe("page again with 415");
    expect((await post(undefined)).body).toBe("page again with 415");
    expect((await post("multipart/form-data", "--abc--")).body).toBe("page again with 400");
    // Remix's client asks for data: no page to show, the plain status.
    expect((await post("application/json", '{"a":1}', "/form?_data=routes%2Flogin")).status).toBe(415);
    expect((await post("multipart/form-data", "--abc--", "/form?_data=routes%2Flogin")).status).toBe(400);
    expect((await post("application/json", '{"a":1}', "/api/json")).status).toBe(200);
    expect((await request({ method: "POST", path: "/form", headers: { "Content-Length": "0" } })).body).toBe("a form");
  });
});

describe("errors a middleware throws", () => {
  it("a path with broken percent-encoding is a 400 in the visitor's language, not logged", async () => {
    logged.length = 0;
    const answer = await request({ method: "GET", path: "/pages/%E0" });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("Неверный адрес: в нём есть символы, которые нельзя прочитать.");
    expect((await request({ method: "GET", path: "/pages/%", headers: { "Accept-Language": "en" } })).body).toBe("Bad address: it contains characters that cannot be read.");
    expect(logged).toEqual([]);
    expect((await request({ method: "GET", path: "/pages/ok" })).body).toBe("page ok");
  });

  it("anything else is a 500 that reveals nothing, logged once with the request id and the stack", async () => {
    logged.length = 0;
    const answer = await request({ method: "GET", path: "/throws", headers: { "Accept-Language": "en" } });
    expect(answer.status).toBe(500);
    expect(answer.body).toBe("Something went wrong on our side. Please try again in a moment.");
    expect(answer.body).not.toMatch(/secret/);
    const id = String(answer.headers["x-request-id"]);
    expect(logged.filter((line) => line.includes("secret detail of a bug"))).toEqual([expect.stringMatching(new RegExp(`^request ${id}: GET .* failed: Error: secret detail of a bug\n\\s+at `))]);
  });
});
