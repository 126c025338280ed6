/**
 * `npm run bench -- --endurance M`: does the server's memory stay flat for M minutes of steady,
 * varied traffic (issue 16: "a one-hour soak shows a flat line")? The load is paced, not flat out,
 * as a busy day is: hundreds of distinct URLs in three languages (so the page cache fills and
 * evicts), and signed-in pages that are rendered every time. Resident memory is sampled every
 * 30 s; the verdict compares the second half's trend with a bound.
 */
import { createRequire } from "node:module";
import { residentBytes } from "./load";

type AutocannonResult = {
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p99: number };
  statusCodeStats?: Record<string, { count: number }>;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: { path: string }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** Growth over the second half's trend above which the line is not flat (the page cache alone may take 32 MB). */
const FLAT_MB_PER_HOUR = 20;

/** Distinct public URLs a day of guests asks for: every estate, pages of the list, filters, all three languages. */
export function publicPaths(slugs: string[]): string[] {
  const paths: string[] = [];
  for (const lang of ["", "/en", "/ky"]) {
    paths.push(lang || "/", `${lang}/estates`);
    for (let page = 2; page <= 6; page++) paths.push(`${lang}/estates?page=${page}`);
    for (const price of [1000, 2000, 3000, 5000, 8000]) paths.push(`${lang}/estates?priceFrom=${price}`, `${lang}/estates?priceTo=${price}&adultCount=2`);
    for (const slug of slugs) paths.push(`${lang}/estates/${slug}`);
  }
  // Interleaved, so each connection walks a mix rather than one language after the other.
  return paths.map((p, i) => ({ p, k: (i * 7919) % paths.length })).sort((a, b) => a.k - b.k).map((x) => x.p);
}

export type EnduranceResult = {
  samples: { minute: number; rss: number }[];
  requests: number;
  failures: number;
  /** What the failures were: "503 × 12", "timeout × 3", … */
  failureKinds: string[];
  /** p99 of the public pages and of the signed-in ones, in ms. */
  p99: { public: number; signedIn: number };
  mbPerHour: number;
  flat: boolean;
};

/** Least-squares slope of resident memory (MB per hour) over the second half of the samples. */
export function secondHalfTrend(samples: { minute: number; rss: number }[]): number {
  const half = samples.slice(Math.floor(samples.length / 2));
  if (half.length < 2) return 0;
  const mx = half.reduce((s, x) => s + x.minute, 0) / half.length;
  const my = half.reduce((s, x) => s + x.rss / 2 ** 20, 0) / half.length;
  let num = 0;
  let den = 0;
  for (const x of half) {
    num += (x.minute - mx) * (x.rss / 2 ** 20 - my);
    den += (x.minute - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

export async function endurance(
  base: string,
  pid: number,
  options: { minutes: number; publicPaths: string[]; signedIn: { path: string; cookie: string }[]; log: (line: string) => void },
): Promise<EnduranceResult> {
  const seconds = Math.round(options.minutes * 60);
  const started = Date.now();
  const samples: { minute: number; rss: number }[] = [{ minute: 0, rss: residentBytes(pid) }];
  const timer = setInterval(() => {
    const minute = (Date.now() - started) / 60_000;
    samples.push({ minute, rss: residentBytes(pid) });
    if (samples.length % 10 === 1) options.log(`endurance: ${minute.toFixed(0)} min, ${(samples[samples.length - 1].rss / 2 ** 20).toFixed(0)} MB resident`);
  }, 30_000);
  try {
    const runs = await Promise.all([
      // At most 60 public pages a second: most from the page cache, some rendered as it turns over.
      autocannon({ url: base, connections: 10, duration: seconds, overallRate: 60, headers: { "Accept-Encoding": "gzip, deflate, br" }, requests: options.publicPaths.map((path) => ({ path })) }),
      // At most 6 signed-in pages a second, each rendered.
      ...options.signedIn.map((s) =>
        autocannon({ url: `${base}${s.path}`, connections: 1, duration: seconds, overallRate: 3, headers: { Cookie: s.cookie, "Accept-Encoding": "gzip, deflate, br" } }),
      ),
    ]);
    clearInterval(timer);
    samples.push({ minute: (Date.now() - started) / 60_000, rss: residentBytes(pid) });
    const requests = runs.reduce((s, r) => s + r["2xx"], 0);
    // autocannon counts a timeout among its errors too.
    const failures = runs.reduce((s, r) => s + r.non2xx + r.errors, 0);
    const kinds = new Map<string, number>();
    const add = (kind: string, n: number) => n > 0 && kinds.set(kind, (kinds.get(kind) ?? 0) + n);
    for (const r of runs) {
      for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) if (!code.startsWith("2")) add(code, count);
      add("timeout (10 s)", r.timeouts);
      add("connection error", r.errors - r.timeouts);
    }
    const mbPerHour = secondHalfTrend(samples);
    return {
      samples,
      requests,
      failures,
      failureKinds: [...kinds].map(([kind, n]) => `${kind} × ${n}`),
      p99: { public: runs[0].latency.p99, signedIn: Math.max(...runs.slice(1).map((r) => r.latency.p99)) },
      mbPerHour,
      flat: mbPerHour <= FLAT_MB_PER_HOUR,
    };
  } finally {
    clearInterval(timer);
  }
}

export { FLAT_MB_PER_HOUR };
