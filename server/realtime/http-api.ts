/**
 * The Pusher HTTP API of the embedded realtime server: what servers publish through
 * (`POST /apps/{id}/events`, `/batch_events`) and the channel queries, every request signed
 * (signatures.ts). Written as a plain Node handler so it reads the exact bytes body_md5 covers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { safeDecode, type PusherServer } from "./pusher-server";
import { verifyHttpSignature } from "./signatures";

const MAX_BODY_BYTES = 256 * 1024;
const MAX_DATA_BYTES = 10 * 1024;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH = 10;

type EventBody = { name?: unknown; data?: unknown; channel?: unknown; channels?: unknown; socket_id?: unknown };

/** Answers /apps/{id}/…; returns false for any other path so the caller passes it on. */
export function pusherHttpApi(server: PusherServer, log: (line: string) => void = (line) => console.error(line)) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    // Most requests are not for this API: skip them before parsing anything.
    if (!(req.url ?? "").includes("/apps/")) return false;
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://realtime.internal");
    } catch {
      send(res, 400, { error: "Malformed URL" });
      return true;
    }
    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) return false;
    // Broken percent-encoding (`/apps/%E0/events`) is the caller's mistake: 400, never a throw.
    const appId = safeDecode(match[1]);
    if (appId === null) {
      send(res, 400, { error: "Malformed percent-encoding in the path" });
      return true;
    }
    // What fails unexpectedly is logged here with its stack; the caller learns nothing of it.
    void handle(req, res, url, appId, match[2]).catch((error: unknown) => {
      log(`realtime HTTP API: ${req.method} ${url.pathname.slice(0, 200)} failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) send(res, 500, { error: "Internal error" });
      else res.destroy();
    });
    return true;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, appId: string, rest: string) {
    if (appId !== server.app.id) return send(res, 404, { error: `Unknown app ${appId}` });
    const body = await readBody(req);
    if (body === null) return send(res, 413, { error: "Body too large" });
    const check = verifyHttpSignature(server.app, { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body });
    if (!check.ok) return send(res, check.status, { error: check.message });

    if (req.method === "POST" && rest === "/events") {
      const event = parseJson(body) as EventBody | undefined;
      const problem = validateEvent(event);
      if (problem || !event) return send(res, 400, { error: problem });
      deliver(event);
      return send(res, 200, {});
    }
    if (req.method === "POST" && rest === "/batch_events") {
      const batch = (parseJson(body) as { batch?: unknown } | undefined)?.batch;
      if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH) return send(res, 400, { error: `batch must hold 1 to ${MAX_BATCH} events` });
      for (const [index, event] of batch.entries()) {
        const problem = validateEvent(event as EventBody);
        if (problem) return send(res, 400, { error: `batch[${index}]: ${problem}` });
      }
      for (const event of batch as EventBody[]) deliver(event);
      return send(res, 200, { batch: batch.map(() => ({})) });
    }
    if (req.method === "GET" && rest === "/channels") {
      const prefix = url.searchParams.get("filter_by_prefix") ?? "";
      const list = server.occupiedChannels().filter((c) => c.startsWith(prefix));
      return send(res, 200, { channels: Object.fromEntries(list.map((c) => [c, {}])) });
    }
    const channelPath = /^\/channels\/([^/]+)(\/users)?$/.exec(rest);
    if (req.method === "GET" && channelPath) {
      const channel = safeDecode(channelPath[1]);
      if (channel === null) return send(res, 400, { error: "Malformed percent-encoding in the channel name" });
      if (channelPath[2]) {
        if (!channel.startsWith("presence-")) return send(res, 400, { error: "Users are listed only for presence channels" });
        return send(res, 200, { users: server.users(channel) });
      }
      return send(res, 200, server.channelInfo(channel));
    }
    return send(res, 404, { error: "Not found" });
  }

  function validateEvent(event: EventBody | undefined): string | null {
    if (!event || typeof event !== "object") return "Body must be a JSON object";
    if (typeof event.name !== "string" || !event.name || event.name.length > 200) return "name must be 1 to 200 characters";
    if (typeof event.data !== "string") return "data must be a string";
    if (Buffer.byteLength(event.data) > MAX_DATA_BYTES) return "data must be at most 10 KB";
    const list = channelsOf(event);
    if (list.length === 0 || list.length > MAX_CHANNELS_PER_EVENT || list.some((c) => typeof c !== "string" || !c)) return `give 1 to ${MAX_CHANNELS_PER_EVENT} channels`;
    if (event.socket_id !== undefined && (typeof event.socket_id !== "string" || !/^\d+\.\d+$/.test(event.socket_id))) return "socket_id is malformed";
    return null;
  }

  function deliver(event: EventBody) {
    for (const channel of channelsOf(event)) server.publish(channel as string, event.name as string, event.data as string, event.socket_id as string | undefined);
  }
}

const channelsOf = (event: EventBody): unknown[] => (Array.isArray(event.channels) ? event.channels : event.channel !== undefined ? [event.channel] : []);

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
