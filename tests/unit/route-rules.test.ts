/**
 * The route-rule middleware (server/route-rules.ts) over a real socket: a document request gets a
 * plain redirect; a client-side navigation's single-fetch request (`/help.data`) gets the answer
 * Remix's client follows, decoded here the way the client decodes it.
 */
import type { AddressInfo } from "node:net";
import type http from "node:http";
import express from "express";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeRules } from "../../server/route-rules";

let server: http.Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(
    routeRules({
      load: async () => [
        { path: "/help", target: "/faq", status: 301 },
        { path: "/", target: "/estates", status: 302 },
        { path: "/partner", target: "https://partner.example/offer", status: 302 },
      ],
      maxAgeMs: 60_000,
    }),
  );
  app.use((_req, res) => void res.status(404).send("no rule"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The redirect a single-fetch answer carries, decoded with the plugin Remix's client uses. */
async function singleFetchRedirect(response: Response) {
  const decoded = await decode(response.body!, {
    plugins: [(type: string, ...rest: unknown[]) => (type === "SingleFetchRedirect" ? { value: { redirect: rest[0] } } : undefined)],
  });
  return (decoded.value as { redirect: { redirect: string; status: number; reload: boolean } }).redirect;
}

describe("route rules", () => {
  it("redirects a document request, in every language, keeping the query", async () => {
    const response = await fetch(`${base}/en/help?q=1`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/en/faq?q=1");
  });

  it("answers a client-side navigation's /help.data as Remix answers a loader's redirect", async () => {
    const response = await fetch(`${base}/ky/help.data?q=1&_routes=root,routes%2F(%24lang).faq`, { redirect: "manual" });
    expect(response.status).toBe(202);
    expect(response.headers.get("x-remix-response")).toBe("yes");
    expect(await singleFetchRedirect(response)).toMatchObject({ redirect: "/ky/faq?q=1", status: 301, reload: false });
  });

  it("reads /_root.data as the home page and /en.data as the English one", async () => {
    expect(await singleFetchRedirect(await fetch(`${base}/_root.data`))).toMatchObject({ redirect: "/estates", status: 302 });
    expect(await singleFetchRedirect(await fetch(`${base}/en.data`))).toMatchObject({ redirect: "/en/estates" });
  });

  it("makes an external target a full page load for a client-side navigation", async () => {
    expect(await singleFetchRedirect(await fetch(`${base}/partner.data`))).toMatchObject({ redirect: "https://partner.example/offer", reload: true });
    const document = await fetch(`${base}/partner`, { redirect: "manual" });
    expect(document.headers.get("location")).toBe("https://partner.example/offer");
  });

  it("leaves other paths, and data requests of other paths, to the app", async () => {
    expect((await fetch(`${base}/faq.data`)).status).toBe(404);
    expect((await fetch(`${base}/helpers`)).status).toBe(404);
  });
});
