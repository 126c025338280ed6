// Bundles the server entry and the API into dist/server.js (node_modules stay external) and
// copies the SQL migrations beside it, so production runs plain `node dist/server.js`.
import { build } from "esbuild";
import fs from "node:fs";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
fs.rmSync("dist/migrations", { recursive: true, force: true });
fs.cpSync("api/db/migrations", "dist/migrations", { recursive: true });

// builds/latest.json: the id of this build (the Remix manifest's version), which running pages
// poll to notice a deploy (app/lib/build-freshness.ts).
const manifest = fs.readdirSync("public/build").find((f) => /^manifest-[0-9A-F]+\.js$/i.test(f));
const version = manifest && /"version":"([^"]+)"/.exec(fs.readFileSync(`public/build/${manifest}`, "utf8"))?.[1];
if (!version) throw new Error("build: no Remix manifest version found in public/build");
fs.mkdirSync("public/build/builds", { recursive: true });
fs.writeFileSync("public/build/builds/latest.json", `${JSON.stringify({ id: version, builtAt: new Date().toISOString() })}\n`);
