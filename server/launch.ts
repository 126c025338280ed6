/**
 * `node dist/server.js`: sets glibc's malloc settings the server needs, then runs the server
 * (dist/konok-server.js, bundled from server/index.ts).
 *
 * glibc reads MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ once, when the
 * process starts, so a process cannot set them for itself; without them the server held ~630 MB
 * after a minute of load instead of ~360, and an image-upload burst reached 895 MB (decisions 0053,
 * 0056, 0066). The Dockerfile and `npm start` set them; a plain `node dist/server.js` (a systemd
 * unit, a PaaS, a hand-written container) did not. So when any is missing, this small launcher
 * starts the server again as its child with the missing ones filled in (values the operator set are
 * kept), and stays a thin parent: it forwards the signals a supervisor sends, gives the child's exit
 * code (or signal) back as its own, and the child stops at once if the launcher is killed outright
 * (SIGKILL cannot be forwarded), so no orphan keeps the port or the PGlite folder.
 *
 * Node 20 has no execve(); a child process is the only way to restart with another environment.
 */
import { spawn } from "node:child_process";
import net from "node:net";

/** The settings and the values the image and `npm start` use (docs/operations.md, "Memory"). */
export const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;

/** Set in the child's environment (to what the launcher filled in): the child runs the server and never launches again. */
const LAUNCHED = "KONOK_LAUNCHED";
/** The child's file descriptor of a pipe from the launcher: it ends when the launcher is gone. */
const LIFELINE_FD = 3;
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR2"] as const;

async function runServer() {
  // A file beside this one in dist/ (scripts/build-server.mjs); not resolved at bundle time.
  const server = "./konok-server.js";
  const { main } = (await import(server)) as { main: () => Promise<void> };
  await main();
}

function watchLifeline() {
  try {
    const lifeline = new net.Socket({ fd: LIFELINE_FD, readable: true, writable: false });
    lifeline.on("error", () => {});
    // The launcher never writes; the pipe ends only when its last writer (the launcher) is gone.
    lifeline.on("close", () => {
      console.error("the launcher (node dist/server.js) is gone: stopping at once");
      process.kill(process.pid, "SIGKILL");
    });
    lifeline.resume();
    lifeline.unref();
  } catch {
    // Started with KONOK_LAUNCHED by hand, without the pipe: nothing to watch.
  }
}

function launch(missing: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of missing) env[name] = MALLOC_SETTINGS[name as keyof typeof MALLOC_SETTINGS];
  env[LAUNCHED] = missing.map((name) => `${name}=${env[name]}`).join(" ");
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env,
    stdio: ["inherit", "inherit", "inherit", "pipe"],
  });
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  child.on("error", (error) => {
    console.error(`could not start the server: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      // Die of the same signal, as a supervisor expects of the process it started.
      for (const name of FORWARDED) process.removeAllListeners(name);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

const missing = Object.keys(MALLOC_SETTINGS).filter((name) => !process.env[name]);
if (process.env[LAUNCHED]) {
  watchLifeline();
  await runServer();
  // After the server's own start lines (a wrong setting stays the one line it prints).
  console.log(`malloc settings set by the launcher: ${process.env[LAUNCHED]} (set them in the environment to run without a launcher process)`);
} else if (missing.length) {
  launch(missing);
} else {
  await runServer();
}
