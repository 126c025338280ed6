// After `remix vite:build` (build/server, build/client): bundles the server and the API into dist/konok-server.js, its launcher (server/launch.ts, which sets the malloc settings
// glibc reads at start) into dist/server.js, the operator command into dist/operator.js, the photo copy into dist/photos-to-s3.js (node_modules stay external) and
// copies the SQL migrations beside them, so production runs plain `node dist/server.js`.
import { build } from "esbuild";
import fs from "node:fs";

/** One Node bundle of ours: ESM for Node 20, node_modules left to `npm ci --omit=dev`. */
const bundle = (entry, outfile) =>
  build({ entryPoints: [entry], outfile, bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: true, logLevel: "warning" });

await bundle("server/index.ts", "dist/konok-server.js");
// The launcher imports ./konok-server.js at run time (a path esbuild leaves alone): a few KB that
// start before the server's modules load.
await bundle("server/launch.ts", "dist/server.js");
// The operator command (api/operator-cli.ts) beside it: the production image has no tsx.
await bundle("api/operator-cli.ts", "dist/operator.js");
// The copy of a photo folder into a bucket (api/photos-to-s3.ts, `npm run photos:to-s3`), for the same reason.
await bundle("api/photos-to-s3.ts", "dist/photos-to-s3.js");
fs.rmSync("dist/migrations", { recursive: true, force: true });
fs.cpSync("api/db/migrations", "dist/migrations", { recursive: true });

// builds/latest.json: the id of this build (the Remix manifest's version), which running pages
// poll to notice a deploy (app/lib/build-freshness.ts). Remix's Vite plugin writes the browser's
// manifest as build/client/assets/manifest-<version>.js.
const CLIENT = "build/client";
const manifest = fs.readdirSync(`${CLIENT}/assets`).find((f) => /^manifest-[0-9a-f]+\.js$/i.test(f));
const version = manifest && /"version":"([^"]+)"/.exec(fs.readFileSync(`${CLIENT}/assets/${manifest}`, "utf8"))?.[1];
if (!version) throw new Error(`build: no Remix manifest version found in ${CLIENT}/assets`);
fs.mkdirSync(`${CLIENT}/builds`, { recursive: true });
fs.writeFileSync(`${CLIENT}/builds/latest.json`, `${JSON.stringify({ id: version, builtAt: new Date().toISOString() })}\n`);

// Brotli (quality 11) and gzip (level 9) copies beside every browser .js and .css, served by
// server/precompressed.ts instead of compressing on each request (decision 0050).
const { precompress } = await import("./precompress.mjs");
precompress(CLIENT);
