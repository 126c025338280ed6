/**
 * The embedded realtime server alone in its own process, for `npm run bench`: the parent opens
 * the sockets and publishes, this process's memory is what the server costs per connection.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRealtime } from "../../server/realtime";

const app = { id: "bench", key: "bench-key", secret: "bench-secret-0123456789" };
const realtime = createRealtime({ app });
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
