/**
 * What the process does with an exception nothing caught (decision 0061): it logs the error with
 * the requests in flight at that moment, stops taking connections, lets the running requests
 * finish for a few seconds, closes the database, and exits 1 for the supervisor (Docker's restart
 * policy, systemd, Kubernetes) to start it again.
 *
 * Everything a request can throw is caught by that request's own boundary (Express, the API's
 * error handler, the realtime server's upgrade and HTTP handlers) and costs that request a 4xx/5xx;
 * what reaches this handler escaped all of them, so the process's state is unknown (Node's own
 * documentation: it is not safe to resume after 'uncaughtException'). A rejected promise that
 * nobody handled is treated the same way, as Node 20 does by default.
 */

export type CrashPolicy = {
  /** Stops the server and closes the database (the same as on SIGTERM). */
  close: () => Promise<void>;
  /** `id METHOD url` of each request being worked on, for the log line. */
  inFlight: () => string[];
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** How long the running requests get before the process exits anyway. */
  graceMs?: number;
};

export function exitOnUncaught(policy: CrashPolicy) {
  const log = policy.log ?? ((line: string) => console.error(line));
  const exit = policy.exit ?? ((code: number) => process.exit(code));
  const graceMs = policy.graceMs ?? 10_000;
  let stopping = false;

  const onFatal = (kind: string) => (error: unknown) => {
    const requests = policy.inFlight();
    log(
      `${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n` +
        `requests in flight: ${requests.length ? requests.join(", ") : "none"}` +
        (stopping ? "" : `\nstopping: running requests get ${graceMs} ms, then the process exits 1 for its supervisor to restart it`),
    );
    if (stopping) return;
    stopping = true;
    setTimeout(() => exit(1), graceMs).unref();
    policy.close().then(
      () => exit(1),
      (closeError: unknown) => {
        log(`closing after the ${kind} failed: ${String(closeError)}`);
        exit(1);
      },
    );
  };
  const onException = onFatal("uncaught exception");
  const onRejection = onFatal("unhandled promise rejection");
  process.on("uncaughtException", onException);
  process.on("unhandledRejection", onRejection);
  return () => {
    process.off("uncaughtException", onException);
    process.off("unhandledRejection", onRejection);
  };
}
