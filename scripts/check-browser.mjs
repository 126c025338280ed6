// Runs first in `npm test`: the browser tests need Debian's Chromium, and a missing one should
// stop the run in its first second, not after the typecheck, lint and unit tests.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].filter(Boolean);
if (candidates.some((file) => fs.existsSync(file))) process.exit(0);

const install = "apt-get install -y --no-install-recommends chromium-headless-shell";
if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
  console.log(`Chromium is missing: installing Debian's headless shell (${install})`);
  try {
    execFileSync("sh", ["-c", `apt-get update -q && DEBIAN_FRONTEND=noninteractive ${install}`], { stdio: "inherit" });
    process.exit(0);
  } catch {
    // Falls through to the message: the operator has to install it.
  }
}
console.error(`The browser tests need Chromium. Install it with:\n  sudo ${install}\n(or set CHROMIUM_PATH to a Chromium binary)`);
process.exit(1);
