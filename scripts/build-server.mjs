// Bundles the server and the API into dist/konok-server.js, its launcher (server/launch.ts, which sets the malloc settings
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
// poll to notice a deploy (app/lib/build-freshness.ts).
const manifest = fs.readdirSync("public/build").find((f) => /^manifest-[0-9A-F]+\.js$/i.test(f));
const version = manifest && /"version":"([^"]+)"/.exec(fs.readFileSync(`public/build/${manifest}`, "utf8"))?.[1];
if (!version) throw new Error("build: no Remix manifest version found in public/build");
fs.mkdirSync("public/build/builds", { recursive: true });
fs.writeFileSync("public/build/builds/latest.json", `${JSON.stringify({ id: version, builtAt: new Date().toISOString() })}\n`);

// Remix's own reload when a route module fails to import (a deploy removed the chunk) reloads the
// current page, unguarded: the client's bundle gets our guard in its place, which reloads the
// target path once per 10 s (app/lib/build-freshness.ts, docs/decisions/0039-…). The bundle is
// minified, but `window.location.reload()` keeps its words; a build of a Remix that no longer
// has the message fails here, so a new version is looked at rather than left unguarded.
const MESSAGE = "Error loading route module";
const RELOAD = "window.location.reload()";
const GUARD = "(window.__konokRouteModuleFailed?window.__konokRouteModuleFailed():window.location.reload())";
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith(".js") ? [`${dir}/${e.name}`] : []));
const patched = walk("public/build").filter((file) => {
  const text = fs.readFileSync(file, "utf8");
  const at = text.indexOf(MESSAGE);
  if (at < 0) return false;
  if (text.includes("__konokRouteModuleFailed")) return true; // already patched (this script run again)
  const reload = text.indexOf(RELOAD, at);
  // The reload follows the message within the same catch block (a few hundred characters).
  if (reload < 0 || reload - at > 600) throw new Error(`build: ${file} has Remix's route-module message but no reload after it`);
  fs.writeFileSync(file, `${text.slice(0, reload)}${GUARD}${text.slice(reload + RELOAD.length)}`);
  return true;
});
if (patched.length !== 1) throw new Error(`build: expected Remix's route-module reload in one chunk, found ${patched.length}`);

// Fewer, larger browser chunks: the small ones esbuild makes compress badly alone
// (docs/decisions/0052-browser-chunks-regrouped.md). Before terser, which then mangles the names
// Rollup gave the merged chunks' internals.
const { rechunk } = await import("./rechunk.mjs");
const regrouped = await rechunk({ buildDir: "public/build", serverBuild: "build/index.js", metafile: "build/metafile.js.json" });
console.log(`build: browser JavaScript regrouped from ${regrouped.before} files into ${regrouped.after}`);

// A second minification of the browser's JavaScript: esbuild 0.17 (pinned by Remix's classic
// compiler) minifies in one pass; terser's two passes take a further ~3 KB of gzip off the first
// load, mostly from React Router and Remix (docs/decisions/0044-terser-after-remix-build.md). The
// files keep their names: their hashes come from esbuild's output, and the same input always
// gives the same terser output, so a changed module still changes its chunk's name. Remix writes
// no source maps for the browser in production, so none goes stale. The manifest is left as Remix
// wrote it (quoted keys), which tests/e2e/platform-rules.spec.ts reads; lazy route discovery keeps
// it out of the first load anyway.
const { minify } = await import("terser");
for (const file of walk("public/build").filter((f) => f !== `public/build/${manifest}`)) {
  const code = fs.readFileSync(file, "utf8");
  const result = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof result.code !== "string") throw new Error(`build: terser gave nothing for ${file}`);
  if (result.code.length < code.length) fs.writeFileSync(file, result.code);
}

// Brotli (quality 11) and gzip (level 9) copies beside every browser .js and .css, served by
// server/precompressed.ts instead of compressing on each request (decision 0050). Written after
// every rewrite above, so a copy never differs from its file.
const { precompress } = await import("./precompress.mjs");
precompress("public/build");
