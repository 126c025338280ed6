/**
 * A `node dist/server.js` of a test's own, on a free port, with its output kept: for the tests of
 * the process itself (platform.spec.ts) and for the load test, whose 200 clients would otherwise
 * overload the server every other test is using at the same moment.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { E2E_DATA_DIR, E2E_DEMO_TEMPLATE } from "../../playwright.config";

/** A `node dist/server.js` started by a test, with its output kept for the assertions. */
export class ServerProcess {
  output = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  }

  /** `env` over the defaults; a name given as undefined is left out of the process's environment. */
  static async start(env: Record<string, string | undefined>) {
    const port = env.PORT ?? String(await freePort());
    const base = { ...process.env };
    // The spawned server must not inherit the test runner's database or API settings.
    for (const name of ["DATABASE_URL", "API_BASE_URL", "SESSION_SECRET", "PUBLIC_URL", "NODE_OPTIONS"]) delete base[name];
    // The malloc settings as the image sets them, so the started process is the server itself
    // (without them dist/server.js starts the server as its child: server/launch.ts).
    const image = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
    const merged: Record<string, string | undefined> = { ...base, ...image, NODE_ENV: "test", HOST: "127.0.0.1", SEED_DEMO: "false", ...env, PORT: port };
    for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
    const child = spawn(process.execPath, ["dist/server.js"], {
      env: merged as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return new ServerProcess(child, `http://127.0.0.1:${port}`);
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits until the server answers /healthz at all (any status); fails if it exits first. */
  async answering(timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`The server exited before answering:\n${this.output}`);
      try {
        await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    throw new Error(`The server did not answer within ${timeoutMs} ms:\n${this.output}`);
  }

  async exit(timeoutMs: number) {
    return Promise.race([
      this.exited,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`Still running after ${timeoutMs} ms:\n${this.output}`)), timeoutMs)),
    ]);
  }

  async stop() {
    if (this.running) {
      this.child.kill("SIGTERM");
      await this.exit(15_000).catch(() => this.child.kill("SIGKILL"));
    }
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}


/**
 * A new data folder with the demo in it, for a server of the test's own with SEED_DEMO=true: a
 * copy of the run's seeded folder (made by the webServer command, tests/e2e/demo-template.mjs),
 * so the server neither migrates, seeds nor draws photos (its start ~5 s of CPU instead of ~15 s,
 * more when the photos were drawn again). Without that folder (a server started by hand and
 * reused) the server seeds the copy's empty database itself, with the suite server's drawn photos.
 */
export function demoDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (fs.existsSync(path.join(E2E_DEMO_TEMPLATE, "pglite"))) {
    fs.cpSync(E2E_DEMO_TEMPLATE, dataDir, { recursive: true });
  } else {
    const drawn = path.join(E2E_DATA_DIR, "uploads", "demo");
    if (fs.existsSync(drawn)) fs.cpSync(drawn, path.join(dataDir, "uploads", "demo"), { recursive: true });
  }
  return dataDir;
}
