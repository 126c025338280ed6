/**
 * One request's work started per turn of the event loop (server/loop-turns.ts) over real sockets:
 * busy keep-alive connections answered by pages that take the thread for a while, and visitors
 * opening new connections meanwhile, as at the start of a load run or when new visitors arrive.
 * Node accepts one connection per poll; without the gate a turn ran every busy connection's page
 * and the new visitors waited a whole turn per connection accepted before theirs.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { oneStartPerTurn } from "../../server/loop-turns";

/** A page's synchronous work: the thread is held this long, whatever the machine's load. */
const PAGE_MS = 20;
const BUSY = 8;
const NEW = 8;

let server: http.Server;
let port = 0;
const started: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(oneStartPerTurn());
  app.get("/page", (req, res) => {
    started.push(String(req.query.n));
    const until = performance.now() + PAGE_MS;
    while (performance.now() < until);
    res.send("page");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function get(path: string, agent: http.Agent | false): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - t0));
      })
      .on("error", reject);
  });
}

it("answers new connections after a few pages while keep-alive connections keep the thread busy", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BUSY });
  let stop = false;
  // Closed loops: each busy connection asks for the next page as soon as one is answered.
  const busy = Array.from({ length: BUSY }, async (_, i) => {
    for (let k = 0; !stop; k++) await get(`/page?n=busy-${i}-${k}`, agent);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const asked = started.length;
  await Promise.all(Array.from({ length: NEW }, (_, i) => get(`/page?n=new-${i}`, false)));
  stop = true;
  await Promise.all(busy);
  agent.destroy();
  // Counted in pages, not milliseconds, so the machine's load does not matter: first come, first
  // served once accepted, each new visitor waits for the pages ahead of it (BUSY + NEW at most)
  // and about one page per accept. Without the gate, each accept waited a turn of BUSY pages:
  // the last new visitor started after ~NEW × BUSY = 64 pages.
  const pagesBefore = Array.from({ length: NEW }, (_, i) => started.indexOf(`new-${i}`) - asked);
  expect(Math.min(...pagesBefore)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...pagesBefore)).toBeLessThan(2 * (BUSY + NEW));
});

it("starts waiting requests in the order they came", async () => {
  started.length = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  await Promise.all([0, 1, 2, 3].map((i) => get(`/page?n=warm-${i}`, agent)));
  started.length = 0;
  await Promise.all([0, 1, 2, 3].map((i) => get(`/page?n=${i}`, agent)));
  agent.destroy();
  expect(started).toEqual(["0", "1", "2", "3"]);
});
