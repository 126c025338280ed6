/**
 * The load part of `npm run bench` (issue 16's table): requests per second and p99 of each page
 * at 20 connections with autocannon, each beside a static file served by the same server in the
 * same run, the server's CPU time per request, and its resident memory.
 *
 * The machine is shared: absolute rates drift from run to run, so each page's rate is also given
 * as a fraction of the static file's, and the CPU time per request (read from /proc, the server
 * process only) barely depends on what else runs.
 */
import fs from "node:fs";
import { createRequire } from "node:module";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
};
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: { path: string }[] }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export type LoadPage = { label: string; path: string; headers?: Record<string, string> };

export type LoadRow = {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  cpuMsPerRequest: number;
  /** The JavaScript thread's share (the process's first task): the render path, without PGlite's thread. */
  mainThreadCpuMsPerRequest: number;
};

/** User + system CPU seconds of a process (or, with `thread`, of one of its threads) so far (Linux); NaN elsewhere. */
export function cpuSeconds(pid: number, thread?: number): number {
  try {
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in bytes (Linux); NaN elsewhere. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export async function loadPage(base: string, pid: number, page: LoadPage, seconds: number, connections: number): Promise<LoadRow> {
  const url = `${base}${page.path}`;
  // A short warm-up fills caches the way a minute of traffic would.
  await autocannon({ url, connections, duration: 1, headers: page.headers });
  const cpuBefore = cpuSeconds(pid);
  const mainBefore = cpuSeconds(pid, pid);
  const result = await autocannon({ url, connections, duration: seconds, headers: page.headers });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const mainCpu = cpuSeconds(pid, pid) - mainBefore;
  const ok = result["2xx"];
  return {
    label: page.label,
    perSecond: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among its errors too.
    failures: result.non2xx + result.errors,
    cpuMsPerRequest: ok > 0 ? (cpu * 1000) / ok : Number.NaN,
    mainThreadCpuMsPerRequest: ok > 0 ? (mainCpu * 1000) / ok : Number.NaN,
  };
}

/** A mixed load over several pages for `seconds`, sampling the server's memory every 5 s. */
export async function soak(base: string, pid: number, pages: LoadPage[], seconds: number, connections: number): Promise<number[]> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentBytes(pid)), 5_000);
  try {
    // autocannon's `requests` cycles through paths on each connection; headers are per run, so
    // signed-in pages (with their cookie) get their own share of the connections.
    const anonymous = pages.filter((p) => !p.headers?.Cookie);
    const signedIn = pages.filter((p) => p.headers?.Cookie);
    await Promise.all([
      autocannon({ url: base, connections: Math.max(1, connections - signedIn.length * 2), duration: seconds, requests: anonymous.map((p) => ({ path: p.path })) }),
      ...signedIn.map((p) => autocannon({ url: `${base}${p.path}`, connections: 2, duration: seconds, headers: p.headers })),
    ]);
  } finally {
    clearInterval(timer);
  }
  samples.push(residentBytes(pid));
  return samples;
}
