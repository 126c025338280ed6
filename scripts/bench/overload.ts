/**
 * `npm run bench -- --overload`: issue 26's reproduction of overload. 200 clients, each on a
 * connection of its own, keep asking for pages the page cache has never seen (every request a
 * distinct URL) for 20 s against the server's default admission settings (MAX_IN_FLIGHT,
 * MAX_QUEUE_WAIT_MS). What counts is that nobody waits: every request gets its page or a 503 with
 * Retry-After quickly, and none takes over 10 s (before: 134 such waits, p99 3.4 s).
 */
import http from "node:http";

export type OverloadResult = {
  label: string;
  answered: number;
  refused: number;
  other: number;
  errors: number;
  overTenSeconds: number;
  okP50: number;
  okP99: number;
  refusedP99: number;
  allP99: number;
  perSecond: number;
};

function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function visit(url: string): Promise<{ status: number; ms: number; retryAfter: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 60_000, headers: { "Accept-Encoding": "gzip" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: Boolean(res.headers["retry-after"]) }));
      res.on("error", () => resolve({ status: 0, ms: performance.now() - started, retryAfter: false }));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started, retryAfter: false }));
  });
}

/** `clients` loops for `seconds`, each asking `pathOf(n)` with a new n every time. */
export async function overload(baseUrl: string, label: string, pathOf: (n: number) => string, { clients = 200, seconds = 20 } = {}): Promise<OverloadResult> {
  let n = 0;
  const ok: number[] = [];
  const refused: number[] = [];
  const all: number[] = [];
  let other = 0;
  let errors = 0;
  let refusedWithoutRetryAfter = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const answer = await visit(`${baseUrl}${pathOf(++n)}`);
        all.push(answer.ms);
        if (answer.status === 200) ok.push(answer.ms);
        else if (answer.status === 503) {
          refused.push(answer.ms);
          if (!answer.retryAfter) refusedWithoutRetryAfter++;
          // A client told to come back does not hammer: a short pause, as a browser's reload would be.
          await new Promise((r) => setTimeout(r, 250));
        } else if (answer.status === 0) errors++;
        else other++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    label,
    answered: ok.length,
    refused: refused.length,
    other: other + refusedWithoutRetryAfter,
    errors,
    overTenSeconds: all.filter((ms) => ms > 10_000).length,
    okP50: percentile(ok, 0.5),
    okP99: percentile(ok, 0.99),
    refusedP99: percentile(refused, 0.99),
    allP99: percentile(all, 0.99),
    perSecond: ok.length / elapsed,
  };
}
