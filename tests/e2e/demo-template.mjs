// `node tests/e2e/demo-template.mjs <folder>`: seeds the demo into an empty data folder by
// starting the built server on it (SEED_DEMO=true, a free port) and stopping it once it answers
// /healthz. Run by the browser tests' webServer command before the suite's server starts on a
// copy of it: the specs that need a server of their own with the demo (sms-gateway, freedompay,
// load) copy this folder too (`demoDataDir` in server-process.ts) instead of migrating, seeding
// and drawing photos again: a start from the copy cost ~5 s of CPU here, a seeding start ~15 s
// (docs/testing.md).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node tests/e2e/demo-template.mjs <folder>");
  process.exit(2);
}

const started = Date.now();
const server = net.createServer();
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address();
await new Promise((resolve) => server.close(resolve));

fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(folder, { recursive: true });
const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: folder, SEED_DEMO: "true", NODE_ENV: "test" };
// The malloc settings as the image sets them, so dist/server.js runs the server itself, not a child.
Object.assign(env, { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" });
for (const name of ["DATABASE_URL", "PUBLIC_URL", "NODE_OPTIONS"]) delete env[name];
const child = spawn(process.execPath, ["dist/server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
child.stdout.on("data", (chunk) => (output += chunk));
child.stderr.on("data", (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
// Stopped meanwhile (the run interrupted): the half-seeded folder is of no use, nor its server.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    child.kill("SIGKILL");
    process.exit(1);
  });
}

let ready = false;
while (!ready) {
  if (child.exitCode !== null || child.signalCode !== null) {
    console.error(`demo-template: the server exited before answering:\n${output}`);
    process.exit(1);
  }
  // The server answers /healthz as soon as it listens, before its start's work (the demo bookings'
  // deadlines) has ended with the line "Konok is running at": a SIGTERM before that stops the work
  // between pages, and every copy would do the rest again at its own start.
  try {
    ready = output.includes("Konok is running at") && (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) })).status === 200;
  } catch {
    // Not listening yet.
  }
  if (!ready) await new Promise((r) => setTimeout(r, 200));
}
// SIGTERM closes PGlite cleanly, so the folder can be copied and opened by another process.
child.kill("SIGTERM");
const { code, signal } = await exited;
if (code !== 0) {
  console.error(`demo-template: the server stopped with ${signal ?? `exit ${code}`}:\n${output}`);
  process.exit(1);
}
// Each copy makes its own session secret.
fs.rmSync(path.join(folder, "session-secret"), { force: true });
console.log(`demo-template: ${folder} seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
