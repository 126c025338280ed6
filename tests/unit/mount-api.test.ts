/**
 * The API mount decides the address rate limits key on: over a real socket, a direct caller's
 * own X-Forwarded-For claim never reaches the API, and a trusted proxy's does.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { mountApi } from "../../server/http";

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function serve(trustProxy: string | false): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(mountApi((request) => Response.json({ seen: request.headers.get("x-forwarded-for") })));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("mountApi", () => {
  it("replaces a direct caller's X-Forwarded-For with its socket address", async () => {
    const base = await serve(false);
    const answer = (await (await fetch(`${base}/api/v1/x`, { headers: { "X-Forwarded-For": "6.6.6.6" } })).json()) as { seen: string };
    expect(answer.seen).toBe("127.0.0.1");
  });

  it("takes the visitor's address from a trusted proxy", async () => {
    const base = await serve("loopback");
    const answer = (await (await fetch(`${base}/api/v1/x`, { headers: { "X-Forwarded-For": "203.0.113.7" } })).json()) as { seen: string };
    expect(answer.seen).toBe("203.0.113.7");
  });
});
