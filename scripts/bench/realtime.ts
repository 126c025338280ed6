/**
 * Realtime figures for `npm run bench`: with 500 WebSocket clients subscribed to one channel of
 * the embedded server (a child process), events published through the official `pusher` client;
 * deliveries per second, publish-to-delivery latency p50/p99, and the server's memory per idle
 * connection.
 */
import { fork } from "node:child_process";
import path from "node:path";
import Pusher from "pusher";
import WebSocket from "ws";

export type RealtimeFigures = { clients: number; deliveriesPerSecond: number; p50Ms: number; p99Ms: number; bytesPerConnection: number };

type Child = { port: number; app: { id: string; key: string; secret: string } };

export async function benchRealtime(clients = 500, events = 200): Promise<RealtimeFigures> {
  const child = fork(path.resolve("scripts/bench/realtime-server.ts"), [], { execArgv: ["--import", "tsx", "--expose-gc"], stdio: "inherit" });
  const ask = <T>(message?: object) =>
    new Promise<T>((resolve) => {
      child.once("message", (m) => resolve(m as T));
      if (message) child.send(message);
    });
  try {
    const { port, app } = await ask<Child>();
    const memory = () => ask<{ memory: number }>({ type: "memory" }).then((m) => m.memory);
    const before = await memory();

    const latencies: number[] = [];
    let delivered = 0;
    let onDelivered = () => {};
    const sockets = await Promise.all(
      Array.from(
        { length: clients },
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=bench&version=1`);
            ws.on("message", (raw) => {
              const m = JSON.parse(raw.toString()) as { event: string; data: string };
              if (m.event === "pusher:connection_established") ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "bench" } }));
              else if (m.event === "pusher_internal:subscription_succeeded") resolve(ws);
              else if (m.event === "tick") {
                latencies.push(performance.now() - (JSON.parse(m.data) as { at: number }).at);
                delivered += 1;
                onDelivered();
              }
            });
            ws.on("error", reject);
            // Closed before it subscribed (a cap's 4100, the server gone): fail the run, never wait for ever.
            ws.on("close", (code, reason) => reject(new Error(`a bench socket closed before subscribing: ${code} ${reason.toString()}`)));
          }),
      ),
    );
    const idle = await memory();

    const publisher = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: "127.0.0.1", port: String(port), useTLS: false });
    const expected = clients * events;
    const done = new Promise<void>((resolve) => (onDelivered = () => delivered >= expected && resolve()));
    const started = performance.now();
    // Ten publishers at a time, as a busy API would: each event goes to all clients.
    for (let i = 0; i < events; i += 10) {
      await Promise.all(Array.from({ length: Math.min(10, events - i) }, () => publisher.trigger("bench", "tick", { at: performance.now() })));
    }
    // A delivery that never comes fails the run instead of hanging it.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`realtime: ${delivered} of ${expected} deliveries after 60 s`)), 60_000)))]);
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    for (const ws of sockets) ws.close();
    latencies.sort((a, b) => a - b);
    const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return { clients, deliveriesPerSecond: Math.round(expected / seconds), p50Ms: pick(0.5), p99Ms: pick(0.99), bytesPerConnection: Math.max(0, Math.round((idle - before) / clients)) };
  } finally {
    child.kill();
  }
}

// `tsx scripts/bench/realtime.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/bench/realtime.ts")) {
  benchRealtime().then((f) => console.log(f), (e) => (console.error(e), process.exit(1)));
}
