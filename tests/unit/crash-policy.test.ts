/**
 * Decision 0061: an exception that escaped every request's error handling is logged with the
 * requests in flight, the running requests finish, and the process exits 1 for its supervisor.
 * A real child process (tests/support/crash-server.ts) with the production handler.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

function start(graceMs: number) {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/crash-server.ts")], {
    env: { ...process.env, GRACE_MS: String(graceMs) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on("exit", (code) => resolve({ code, at: Date.now() })));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on("data", () => {
      const match = /listening (\d+)/.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`exited before listening: ${stderr}`)));
  });
  return { child, port, exited, output: () => ({ stdout, stderr }) };
}

describe("an uncaught exception", () => {
  it("is logged with the requests in flight; running requests finish; the process exits 1", { timeout: 30_000 }, async () => {
    const server = start(2000);
    const base = `http://127.0.0.1:${await server.port}`;
    const slow = fetch(`${base}/slow`).then(async (r) => ({ status: r.status, text: await r.text() }));
    await new Promise((r) => setTimeout(r, 100));
    const thrownAt = Date.now();
    void fetch(`${base}/throw`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);

    expect(await slow).toEqual({ status: 200, text: "slow done" });
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    // Within the grace period (plus start-up slack), not Node's immediate exit nor a hang.
    expect(at - thrownAt).toBeLessThan(6000);
    const { stderr } = server.output();
    expect(stderr).toMatch(/uncaught exception: Error: boom outside any request\n\s+at /);
    expect(stderr).toMatch(/requests in flight: .*[0-9a-f]{16} GET \/throw/);
    expect(stderr).toMatch(/exits 1 for its supervisor/);
  });

  it("an unhandled rejection is treated the same way", { timeout: 30_000 }, async () => {
    const server = start(500);
    const base = `http://127.0.0.1:${await server.port}`;
    void fetch(`${base}/reject`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output().stderr).toMatch(/unhandled promise rejection: Error: rejected and forgotten/);
  });
});
