/**
 * The embedded realtime server alone in its own process, for `npm run bench`: the parent opens
 * the sockets and publishes, this process's memory is what the server costs per connection.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRealtime } from "../../server/realtime";

const app = { id: "bench", key: "bench-key", secret: "bench-secret-0123456789" };
// All the bench's clients come from 127.0.0.1: the per-address cap (200, a guard against one
// attacker holding the server's sockets) would close 300 of the 500 with 4100. The bench measures
// the server's capacity, so its one address may hold them all.
const realtime = createRealtime({ app, maxConnectionsPerAddress: 1_000 });
const server = http.createServer((req, res) => realtime.middleware(req, res, () => res.writeHead(404).end()));
realtime.attach(server);
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: (server.address() as AddressInfo).port, app });
});
process.on("message", (message: { type: string }) => {
  if (message.type === "memory") {
    global.gc?.();
    process.send?.({ memory: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, stats: realtime.server.stats() });
  }
});
