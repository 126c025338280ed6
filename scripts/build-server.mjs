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
