/**
 * app/entry.server.tsx renders a page to one string when all of it is ready at once, and streams it
 * otherwise (docs/decisions/0088-pages-render-to-a-string.md). Here the real entry runs under Remix's
 * real request handler, single fetch on, with small routes made for each case, beside a reference
 * entry that always streams as the server did before (React's web-streams renderer,
 * render-document.server.tsx): the two documents must be the same bytes, the hydration data
 * included, and a page that can no longer be a string must still be right.
 */
import { createRequestHandler, data, type LoaderFunction, type ServerBuild } from "@remix-run/node";
import { Links, Meta, Outlet, RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import * as entry from "../../app/entry.server";
import { documentHtmlOf } from "../../app/lib/document-html";
import { renderDocument } from "../../app/lib/render-document.server";

const NONCE = "test-nonce";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

/** The old entry: always the stream, as app/entry.server.tsx rendered every page before. */
const streamingEntry: ServerBuild["entry"]["module"] = {
  streamTimeout: entry.streamTimeout,
  default: async (request, status, headers, context) => {
    const body = await renderDocument(<RemixServer context={context} url={request.url} abortDelay={entry.streamTimeout} nonce={NONCE} />, {
      nonce: NONCE,
      waitForAll: true,
      timeoutMs: entry.streamTimeout + 1_000,
      onError: () => (status = 500),
    });
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(body, { headers, status });
  },
};

function Root() {
  return (
    <html lang="ky">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts nonce={NONCE} />
      </body>
    </html>
  );
}

/** A part whose code is not loaded yet: a new one for each request, as React keeps a loaded one. */
const slowPart = () => lazy(() => new Promise<{ default: () => JSX.Element }>((resolve) => setTimeout(() => resolve({ default: () => <p>бир аз кийин</p> }), 30)));
let SlowPart = slowPart();
const Broken = () => {
  throw new Error("a part failed");
};

type Page = { loader?: LoaderFunction; Component: () => JSX.Element };
const PAGES: Record<string, Page> = {
  // Text of every length with two-byte letters, and hydration data with the same.
  text: {
    loader: () => ({ rows: Array.from({ length: 300 }, (_, i) => `${"x".repeat(i % 5)}Тандалмалар ${i} — Ысык-Көл`) }),
    Component: function Text() {
      const { rows } = useLoaderData<{ rows: string[] }>();
      return (
        <ul>
          {rows.map((row) => (
            <li key={row} aria-label={row}>
              {row}
            </li>
          ))}
        </ul>
      );
    },
  },
  // A Suspense boundary whose part is ready at once (as the estate page's lazily hydrated parts, and
  // the maps' boundaries, whose lazy part is only rendered in the browser).
  ready: {
    Component: () => (
      <Suspense fallback={<p>жүктөлүүдө</p>}>
        <p>даяр</p>
      </Suspense>
    ),
  },
  // Something that suspends on the server: no page does, but one that starts to must stay right.
  suspends: {
    Component: () => (
      <Suspense fallback={<p>жүктөлүүдө</p>}>
        <SlowPart />
      </Suspense>
    ),
  },
  // A loader that returns a promise: the hydration data ends only when it settles.
  later: {
    loader: () => ({ now: "азыр", later: new Promise<string>((resolve) => setTimeout(() => resolve("кийин"), 300)) }),
    Component: () => <p>{useLoaderData<{ now: string }>().now}</p>,
  },
  failsInside: {
    Component: () => (
      <Suspense fallback={<p>жүктөлүүдө</p>}>
        <Broken />
      </Suspense>
    ),
  },
  failsShell: { Component: Broken },
  notFound: {
    loader: () => {
      throw data({ why: "жок" }, { status: 404 });
    },
    Component: () => <p>never</p>,
  },
};

function build(module: ServerBuild["entry"]["module"]): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: Root, ErrorBoundary: () => <p>error page</p> } },
  };
  const assets: ServerBuild["assets"]["routes"] = {
    root: { id: "root", path: "", hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: true, module: "/build/root.js", imports: [] },
  };
  for (const [id, page] of Object.entries(PAGES)) {
    routes[id] = { id, parentId: "root", path: id, module: { default: page.Component, ...(page.loader ? { loader: page.loader } : {}) } };
    assets[id] = { id, parentId: "root", path: id, hasAction: false, hasLoader: Boolean(page.loader), hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, module: `/build/${id}.js`, imports: [] };
  }
  return {
    mode: "production",
    entry: { module },
    routes,
    assets: { entry: { imports: [], module: "/build/entry.client.js" }, routes: assets, url: "/build/manifest.js", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "build/client",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true } as ServerBuild["future"],
    isSpaMode: false,
    basename: undefined,
    prerender: [],
    serverBundleId: undefined,
  } as unknown as ServerBuild;
}

const current = createRequestHandler(build(entry as unknown as ServerBuild["entry"]["module"]), "production");
const reference = createRequestHandler(build(streamingEntry), "production");

async function get(handler: typeof current, path: string, userAgent: string) {
  SlowPart = slowPart();
  const response = await handler(new Request(`http://konok.test/${path}`, { headers: { "User-Agent": userAgent } }), { cspNonce: NONCE, serverOnly: {} } as never);
  const string = documentHtmlOf(response);
  const body = await response.text();
  return { response, body, string };
}

describe("the page entry", () => {
  it.each(["text", "ready"])("renders /%s to one string, the same bytes as the stream, hydration data included", async (path) => {
    for (const userAgent of [PERSON, BOT]) {
      const now = await get(current, path, userAgent);
      const before = await get(reference, path, BOT);
      expect(now.string, "rendered to a string").toBe(now.body);
      expect(now.response.headers.get("Server-Timing")).toBeNull();
      expect(now.response.status).toBe(200);
      expect(now.body).toBe(before.body);
      expect(now.body).toMatch(/^<!DOCTYPE html><html lang="ky">/);
      expect(now.body).toContain("window.__remixContext.streamController.close();");
      if (path === "text") expect(now.body).toContain("Тандалмалар 299 — Ысык-Көл");
    }
  });

  it("answers the error boundary's page as before when a loader throws a 404", async () => {
    const now = await get(current, "notFound", PERSON);
    const before = await get(reference, "notFound", BOT);
    expect(now.response.status).toBe(404);
    expect(now.string).toBe(now.body);
    expect(now.body).toBe(before.body);
    expect(now.body).toContain("<p>error page</p>");
  });

  it("streams a page whose part suspends on the server, with the part in it, and says so", async () => {
    const bot = await get(current, "suspends", BOT);
    expect(bot.string).toBeUndefined();
    expect(bot.response.headers.get("Server-Timing")).toBe('render;desc="stream"');
    expect(bot.body).toBe((await get(reference, "suspends", BOT)).body);
    expect(bot.body).toContain("<p>бир аз кийин</p>");
    // A person gets the shell first and the part when it is ready, as before.
    const person = await get(current, "suspends", PERSON);
    expect(person.string).toBeUndefined();
    expect(person.body).toContain("бир аз кийин");
    expect(person.body).toContain("window.__remixContext.streamController.close();");
  });

  it("waits for data a loader gives later: a crawler's page is one string, a person's streams it", async () => {
    const bot = await get(current, "later", BOT);
    expect(bot.string).toBe(bot.body);
    expect(bot.body).toBe((await get(reference, "later", BOT)).body);
    expect(bot.body).toContain("кийин");
    const person = await get(current, "later", PERSON);
    expect(person.string).toBeUndefined();
    expect(person.response.headers.get("Server-Timing")).toBe('render;desc="stream"');
    expect(person.body).toContain("азыр");
    expect(person.body).toContain("кийин");
    expect(person.body).toContain("window.__remixContext.streamController.close();");
  });

  it("answers 500 for a part that fails inside a boundary, and logs it, as the stream did", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const now = await get(current, "failsInside", PERSON);
      expect(now.response.status).toBe(500);
      expect(now.body).toBe((await get(reference, "failsInside", BOT)).body);
      expect(log.mock.calls.some(([error]) => error instanceof Error && error.message === "a part failed")).toBe(true);
    } finally {
      log.mockRestore();
    }
  });

  it("answers the error boundary's page with 500 for a failing page, as before", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const now = await get(current, "failsShell", PERSON);
      const before = await get(reference, "failsShell", BOT);
      expect(now.response.status).toBe(500);
      expect(before.response.status).toBe(500);
      expect(now.body).toBe(before.body);
      expect(now.body).toContain("<p>error page</p>");
    } finally {
      log.mockRestore();
    }
  });
});
