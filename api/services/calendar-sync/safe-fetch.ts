/**
 * Fetches a host-supplied calendar address without letting it reach inside our network: only
 * http(s), only public addresses (the DNS answer is checked and the connection goes to the checked
 * address, so a name that resolves differently a second later cannot slip through), every redirect
 * checked the same way, a byte limit and one deadline for the whole fetch, redirects included.
 * `allowPrivate` (ICAL_ALLOW_PRIVATE_ADDRESSES=1) lifts the address check only, for tests and
 * private networks.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { MessageKey, MessageParams } from "../../lib/messages";

export class FeedError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }
}

export type FetchLimits = {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Which addresses count as public; isPublicAddress unless a test draws the line inside loopback. */
  publicAddress?: (address: string) => boolean;
};
export const DEFAULT_FETCH_LIMITS: FetchLimits = { allowPrivate: false, maxBytes: 2 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 5 };

/** Loopback, private, link-local, carrier-grade NAT, documentation, multicast and reserved ranges. */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net6, prefix, "ipv6");

/** Whether a literal IP address is one a host-supplied URL may reach. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  // IPv4 written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1, ::10.0.0.1): judge the IPv4 inside.
  const mapped = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (mapped) {
    const v4 = mapped[1] ?? [parseInt(mapped[2], 16) >> 8, parseInt(mapped[2], 16) & 255, parseInt(mapped[3], 16) >> 8, parseInt(mapped[3], 16) & 255].join(".");
    return isPublicAddress(v4);
  }
  return !blocked.check(address, "ipv6");
}

/** dns.lookup that refuses answers with a non-public address (all of them are checked, the first is used). */
function checkedLookup(allowPrivate: boolean, isPublic: (address: string) => boolean, refused: { address?: string }): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublic(a.address));
      if (bad) {
        refused.address = bad.address;
        return callback(Object.assign(new Error(`private address ${bad.address}`), { code: "EPRIVATE" }), "", 0);
      }
      if (!list.length) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

type Answer = { status: number; location: string | null; body: Buffer };

function requestOnce(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A literal address is not looked up, so it is checked here.
  const isPublic = limits.publicAddress ?? isPublicAddress;
  if (net.isIP(host) && !limits.allowPrivate && !isPublic(host)) throw new FeedError("icalPrivateAddress", { address: host });
  const refused: { address?: string } = {};
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    // However far the answer got (a server trickling bytes), the deadline ends it.
    signal.addEventListener("abort", () => reject(new FeedError("icalTooSlow", { seconds: Math.round(limits.timeoutMs / 1000) })), { once: true });
    const req = client.get(
      url,
      {
        lookup: checkedLookup(limits.allowPrivate, isPublic, refused),
        signal,
        headers: { "user-agent": "Konok calendar sync (+https://konok.kg)", accept: "text/calendar, text/plain;q=0.9, */*;q=0.1", "accept-encoding": "identity" },
        // No connection reuse between hosts' feeds.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location ?? null, body: Buffer.alloc(0) });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return resolve({ status, location: null, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers["content-length"]);
        if (declared > limits.maxBytes) {
          res.destroy();
          return reject(new FeedError("icalTooLarge", { kb: Math.round(limits.maxBytes / 1024) }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy();
            reject(new FeedError("icalTooLarge", { kb: Math.round(limits.maxBytes / 1024) }));
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (refused.address) reject(new FeedError("icalPrivateAddress", { address: refused.address }));
      else reject(error);
    });
  });
}

/** The body at `address` after at most `maxRedirects` redirects, or a FeedError saying why not. */
export async function fetchFeed(address: string, limits: FetchLimits = DEFAULT_FETCH_LIMITS): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new FeedError("importUrlInvalid");
      let answer: Answer;
      try {
        answer = await requestOnce(url, limits, controller.signal);
      } catch (error) {
        if (error instanceof FeedError) throw error;
        if (controller.signal.aborted) throw new FeedError("icalTooSlow", { seconds: Math.round(limits.timeoutMs / 1000) });
        const code = (error as NodeJS.ErrnoException).code ?? "";
        const detail = code === "ENOTFOUND" || code === "EAI_AGAIN" ? `${url.hostname}?` : code === "ECONNREFUSED" ? "connection refused" : code || "error";
        throw new FeedError("icalUnreachable", { detail });
      }
      if (answer.location !== null) {
        if (hop >= limits.maxRedirects) throw new FeedError("icalTooManyRedirects");
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) throw new FeedError("icalHttpStatus", { status: answer.status });
      return answer.body.toString("utf8");
    }
  } finally {
    clearTimeout(timer);
  }
}
