/**
 * Issue 33's table, the first thing `npm run bench` prints: what the server does when every
 * request is a URL it has not answered before (a guest's own dates, guests and filters, which the
 * page cache cannot help with), the signed-in pages (never cached), the search API with distinct
 * bodies, and what every request pays before it reaches a route (`/healthz`, a build file,
 * `/robots.txt`), each beside a static file and a bare Node `http` server answering "hello",
 * measured in the same run with the same client. The machine is shared, so each rate is also
 * given as a fraction of the bare server's, and the CPU per request is read from /proc (the
 * server's process, and of it the main thread), which barely depends on what else runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { cpuSeconds } from "./load";

type AutocannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type AutocannonResult = { latency: { p50: number; p99: number }; non2xx: number; errors: number; "2xx": number };
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** One request of a row: `n` is new for every request of the run (0, 1, 2, …). */
export type DistinctRequest = (n: number) => { path: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string> };

export type Target = { perSecond?: number; p99?: number; ofBare?: number };

export type DistinctRow = {
  label: string;
  /** The process answering (the Konok server, or the bare Node one). */
  pid: number;
  base: string;
  request: DistinctRequest;
  target?: Target;
};

export type DistinctResult = {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  cpuMsPerRequest: number;
  mainThreadCpuMsPerRequest: number;
  target?: Target;
};

/** `connections` clients for `seconds` (after a second's warm-up), every request built by `row.request` with a new n. */
export async function measureDistinct(row: DistinctRow, seconds: number, connections: number): Promise<DistinctResult> {
  let n = 0;
  const requests = [
    {
      setupRequest: (request: AutocannonRequest): AutocannonRequest => {
        const next = row.request(n++);
        return { ...request, method: next.method ?? "GET", path: next.path, body: next.body, headers: { ...request.headers, ...next.headers } };
      },
    },
  ];
  await autocannon({ url: row.base, connections, duration: 1, requests });
  const cpuBefore = cpuSeconds(row.pid);
  const mainBefore = cpuSeconds(row.pid, row.pid);
  const result = await autocannon({ url: row.base, connections, duration: seconds, requests });
  const cpu = cpuSeconds(row.pid) - cpuBefore;
  const mainCpu = cpuSeconds(row.pid, row.pid) - mainBefore;
  const ok = result["2xx"];
  return {
    label: row.label,
    perSecond: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    cpuMsPerRequest: ok > 0 ? (cpu * 1000) / ok : Number.NaN,
    mainThreadCpuMsPerRequest: ok > 0 ? (mainCpu * 1000) / ok : Number.NaN,
    target: row.target,
  };
}

/** Whether a row met its target (null: it has none); `bare` is the bare server's rate in the same run. */
export function targetMet(row: DistinctResult, bare: number): boolean | null {
  const t = row.target;
  if (!t) return null;
  if (row.failures > 0) return false;
  if (t.perSecond !== undefined && row.perSecond < t.perSecond) return false;
  if (t.p99 !== undefined && row.p99 > t.p99) return false;
  if (t.ofBare !== undefined && !(row.perSecond >= t.ofBare * bare)) return false;
  return true;
}

export function describeTarget(t: Target | undefined): string {
  if (!t) return "";
  const parts: string[] = [];
  if (t.perSecond !== undefined) parts.push(`≥ ${t.perSecond}/s`);
  if (t.p99 !== undefined) parts.push(`p99 ≤ ${t.p99} ms`);
  if (t.ofBare !== undefined) parts.push(`≥ ${t.ofBare} of bare`);
  return parts.join(", ");
}

/**
 * A bare Node `http` server answering "hello", in a process of its own as the Konok server is:
 * the ceiling of this machine, client and all, for one Node process.
 */
export async function startBareServer(): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const code = `require("node:http").createServer((req, res) => res.end("hello")).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (status) => reject(new Error(`the bare Node server exited (${status})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, child };
}

/** A day `offset` days after 2027-01-01, as YYYY-MM-DD: far enough ahead for every demo estate's calendar. */
export function dayAfter2027(offset: number): string {
  return new Date(Date.UTC(2027, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Stay dates and guests that differ for every n below 16 800: a check-in day of 300, 1–14 nights,
 * 1–4 guests. The page cache keeps a page 5 s, far less than a run takes to come round again.
 */
export function distinctStay(n: number): { checkInDate: string; checkOutDate: string; adultCount: number } {
  const day = n % 300;
  const nights = 1 + (Math.floor(n / 300) % 14);
  const guests = 1 + (Math.floor(n / 4200) % 4);
  return { checkInDate: dayAfter2027(day), checkOutDate: dayAfter2027(day + nights), adultCount: guests };
}

/** A build file the page loads (its first script or module preload), wherever the build puts them. */
export function aBuildFileOf(html: string): string | null {
  for (const tag of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)="(\/[^"]+\.js)"/.exec(tag[0])?.[1];
    if (src) return src;
  }
  return null;
}
