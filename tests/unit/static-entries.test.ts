/**
 * server/http.ts `onlyUnderEntriesOf`: the public folder's static handler is skipped for a page's
 * path (no lookup on disk), and every path, odd ones included, is answered exactly as the plain
 * static handler answered it.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { onlyUnderEntriesOf } from "../../server/http";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-static-"));
const servers: http.Server[] = [];
let plainPort = 0;
let guardedPort = 0;

async function listen(guarded: boolean): Promise<number> {
  const app = express();
  const serve = express.static(dir, { maxAge: "1h", index: false });
  app.use(guarded ? onlyUnderEntriesOf(new Set(fs.readdirSync(dir)), serve) : serve);
  app.use((req, res) => void res.status(200).type("text/plain").send(`page ${req.path}`));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "build", "_shared"), { recursive: true });
  fs.writeFileSync(path.join(dir, "build", "_shared", "chunk-A.js"), "export const a = 1;\n");
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "site.webmanifest"), "{}");
  [plainPort, guardedPort] = [await listen(false), await listen(true)];
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(port: number, pathname: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the public folder's static files, only under its entries", () => {
  it("answers every path as the plain static handler does", async () => {
    const paths = [
      "/",
      "/favicon.svg",
      "/site.webmanifest",
      "/build",
      "/build/",
      "/build/_shared/chunk-A.js",
      "/build/missing.js",
      "/en/profile/booking",
      "/en",
      "/favicon.svg/more",
      "//favicon.svg",
      "/./favicon.svg",
      "/x/../favicon.svg",
      "/%66avicon.svg",
      "/%E0%A4%A",
      "/en/estates/%D0%B0%D0%BB%D0%B0",
      "/.hidden",
    ];
    for (const p of paths) expect([p, await get(guardedPort, p)]).toEqual([p, await get(plainPort, p)]);
    expect((await get(guardedPort, "/favicon.svg")).body).toBe("<svg/>");
    expect((await get(guardedPort, "/en/profile/booking")).body).toBe("page /en/profile/booking");
  });

  it("looks nothing up on disk for a page, and still does for the folder's files", async () => {
    const stat = vi.spyOn(fs, "stat");
    await get(guardedPort, "/en/profile/booking");
    await get(guardedPort, "/en");
    expect(stat).not.toHaveBeenCalled();
    await get(guardedPort, "/favicon.svg");
    expect(stat).toHaveBeenCalled();
  });
});
