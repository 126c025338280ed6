// Runs npm scripts side by side (`node scripts/run-parallel.mjs typecheck lint build`), for
// `npm test`: the typecheck and lint are single-threaded and the build is mostly so, and on a
// 2-core machine one after another left a core idle for about a minute (docs/testing.md).
// Each script's output is printed whole when it ends, so the log stays readable; the exit code is
// the first failure's, and a failure stops the others at once.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]");
  process.exit(2);
}

const started = Date.now();
const children = new Set();
let failed = 0;

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"], detached: true });
      children.add(child);
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("close", (code, signal) => {
        children.delete(child);
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const text = Buffer.concat(output).toString().trimEnd();
        const stopped = signal && failed;
        console.log(`\n> ${name}: ${code === 0 ? "passed" : stopped ? "stopped" : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s`);
        if (text && !stopped) console.log(text);
        if (code !== 0 && !stopped && !failed) {
          failed = code ?? 1;
          // The process group: npm runs the script through a shell, which runs the tool.
          for (const other of children) {
            try {
              process.kill(-other.pid, "SIGTERM");
            } catch {
              // Already gone.
            }
          }
        }
        resolve();
      });
    }),
);

await Promise.all(runs);
process.exit(failed);
