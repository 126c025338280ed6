// Regroups the browser's chunks after `remix build` (docs/decisions/0052-browser-chunks-regrouped.md).
//
// Remix's classic compiler splits the browser code with esbuild, which makes one chunk for every
// distinct set of route modules that share code: a first visit to an estate page loaded 28 files,
// 22 of them under 3 KB. Each file is compressed alone, so the small ones compress badly; together
// the same code is ~6 KB of gzip smaller. Rollup reads esbuild's output as its input (every chunk is
// a module to it), puts what every page loads into one chunk (`baseChunk` below) and otherwise
// splits as esbuild did (a chunk per set of routes sharing code: no page loads code it does not
// use, nothing loaded with import() becomes eager). Then the manifest that tells Remix which files
// a route needs (in the browser's manifest file and in the server build) is written again from
// Rollup's graph. Rollup's `experimentalMinChunkSize` was tried and left out: it merged small
// route modules and lazily loaded chunks into others, so pages loaded other pages' code.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { rollup } from "rollup";

/** The exports of a route module Remix reads (@remix-run/react's routes.js, browser.js). */
const ROUTE_EXPORTS = new Set(["default", "ErrorBoundary", "HydrateFallback", "Layout", "clientAction", "clientLoader", "handle", "links", "meta", "shouldRevalidate"]);

/**
 * @param {{ buildDir: string, serverBuild: string, metafile?: string, root?: string }} where
 * `public/build` and `build/index.js` are; esbuild's metafile of the browser build
 * (`build/metafile.js.json`), whose paths are relative to `root` (the directory `remix build` ran in)
 * @returns {Promise<{ before: number, after: number }>} how many JavaScript files there were and are
 */
export async function rechunk({ buildDir, serverBuild, metafile, root = process.cwd() }) {
  const manifestName = fs.readdirSync(buildDir).find((f) => /^manifest-[0-9A-F]+\.js$/i.test(f));
  if (!manifestName) throw new Error(`rechunk: no Remix manifest in ${buildDir}`);
  const manifestFile = path.join(buildDir, manifestName);
  const manifestText = fs.readFileSync(manifestFile, "utf8");
  const prefix = "window.__remixManifest=";
  if (!manifestText.startsWith(prefix)) throw new Error(`rechunk: ${manifestFile} is not a Remix manifest`);
  const manifest = JSON.parse(manifestText.slice(prefix.length).replace(/;\s*$/, ""));
  const publicPath = "/build/";
  const toFile = (url) => {
    if (!url.startsWith(publicPath)) throw new Error(`rechunk: ${url} is not under ${publicPath}`);
    return path.resolve(buildDir, url.slice(publicPath.length));
  };

  // Every route module and the client entry is an input; the chunks they import, statically or
  // with import(), are found by Rollup from the files themselves.
  const input = { "entry.client": toFile(manifest.entry.module) };
  for (const route of Object.values(manifest.routes)) input[route.id] = toFile(route.module);
  const jsBefore = listJs(buildDir).filter((f) => f !== manifestFile);
  const standIns = metafile ? standInChunks(metafile, root) : new Set();

  const bundle = await rollup({
    input,
    // Route modules are read by Remix through their exports (default, meta, links, ...), which they
    // keep; a route module's file may also export more, for the chunks that need its code (short
    // names, `a`, `b`, …: checked below against Remix's). So the root route's module is the base
    // chunk itself, and a route whose code a lazy chunk imports is one file, not a re-exporting
    // facade of ~0.1–0.2 KB in front of a chunk holding its code.
    preserveEntrySignatures: "allow-extension",
    // esbuild's chunks import each other by URL (`/build/_shared/chunk-….js`).
    plugins: [
      {
        name: "public-path",
        resolveId(source, importer) {
          if (!source.startsWith(publicPath)) return null;
          const file = toFile(source);
          // Each chunk that imports a stand-in gets a copy of its own (see standInChunks).
          return standIns.has(file) && importer ? `${STAND_IN}${file}?${importer}` : file;
        },
        load: (id) => (id.startsWith(STAND_IN) ? fs.readFileSync(id.slice(STAND_IN.length, id.lastIndexOf("?")), "utf8") : null),
      },
      {
        name: "route-exports",
        generateBundle(_, files) {
          for (const chunk of Object.values(files)) {
            if (chunk.type !== "chunk" || !chunk.isEntry) continue;
            const own = new Set(this.getModuleInfo(chunk.facadeModuleId)?.exports ?? []);
            const taken = chunk.exports.filter((name) => !own.has(name) && ROUTE_EXPORTS.has(name));
            if (taken.length > 0) throw new Error(`rechunk: ${chunk.fileName} would export ${taken.join(", ")}, which Remix reads, for other chunks`);
          }
        },
      },
    ],
    onwarn(warning, warn) {
      if (warning.code === "CIRCULAR_DEPENDENCY") return;
      warn(warning);
    },
  });
  // Outside the public folder: a run that dies half-way must leave nothing the server would serve.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-rechunk-"));
  let output;
  try {
    ({ output } = await bundle.write({
      dir: outDir,
      format: "es",
      entryFileNames: (chunk) => {
        const relative = path.relative(path.resolve(buildDir), chunk.facadeModuleId);
        return `${path.join(path.dirname(relative), esbuildName(relative))}-[hash].js`;
      },
      // A chunk loaded with import() keeps its module's name (`gallery-viewer-….js`), the rest are chunks.
      chunkFileNames: (chunk) => `_shared/${chunk.isDynamicEntry && chunk.facadeModuleId ? esbuildName(chunk.facadeModuleId) : "chunk"}-[hash].js`,
      // Remix preloads every file a route needs (the manifest's `imports`), so entries need no
      // extra `import "./chunk.js"` lines for their chunks' own dependencies.
      hoistTransitiveImports: false,
      manualChunks: baseChunk(input, Object.keys(manifest.routes).filter((id) => id !== "root")),
      minifyInternalExports: true,
    }));
    await bundle.close();

    const chunks = new Map(output.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
    const urlOf = (fileName) => `${publicPath}${fileName.split(path.sep).join("/")}`;
    /** The chunks a file needs before it runs: its static imports, and theirs. */
    const staticClosure = (fileName) => {
      const seen = new Set();
      const visit = (name) => {
        const chunk = chunks.get(name);
        if (!chunk) throw new Error(`rechunk: ${name} is imported but is no chunk of the build`);
        for (const next of chunk.imports) {
          if (seen.has(next)) continue;
          seen.add(next);
          visit(next);
        }
      };
      visit(fileName);
      seen.delete(fileName);
      return [...seen].map(urlOf);
    };
    /** The chunk Rollup made of an input file (its facade). */
    const entryFile = new Map();
    for (const chunk of chunks.values()) {
      if (chunk.isEntry) entryFile.set(chunk.facadeModuleId, chunk.fileName);
    }
    const fileFor = (url) => {
      const file = entryFile.get(toFile(url));
      if (!file) throw new Error(`rechunk: Rollup wrote no entry for ${url}`);
      return file;
    };

    const entry = fileFor(manifest.entry.module);
    manifest.entry = { module: urlOf(entry), imports: staticClosure(entry) };
    for (const route of Object.values(manifest.routes)) {
      const file = fileFor(route.module);
      const imports = staticClosure(file);
      route.module = urlOf(file);
      route.imports = imports.length > 0 ? imports : undefined;
    }

    // Swap the files: esbuild's JavaScript out (CSS, fonts and the rest stay), Rollup's in.
    for (const file of jsBefore) fs.rmSync(file);
    for (const chunk of chunks.values()) {
      const target = path.join(buildDir, chunk.fileName);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(outDir, chunk.fileName), target);
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }

  fs.writeFileSync(manifestFile, `${prefix}${JSON.stringify(manifest)};`);
  // The server build holds its own copy of the manifest (it writes the page's modulepreloads and
  // answers lazy route discovery from it): one statement, `var assets_manifest_default = {...};`.
  const server = fs.readFileSync(serverBuild, "utf8");
  const declaration = /^var assets_manifest_default = \{.*\};$/m;
  const found = server.match(new RegExp(declaration.source, "gm"));
  if (found?.length !== 1) throw new Error(`rechunk: expected one assets manifest in ${serverBuild}, found ${found?.length ?? 0}`);
  fs.writeFileSync(serverBuild, server.replace(declaration, () => `var assets_manifest_default = ${JSON.stringify(manifest)};`));
  return { before: jsBefore.length, after: listJs(buildDir).filter((f) => f !== manifestFile).length };
}

const STAND_IN = "\0konok-stand-in:";

/**
 * The chunks esbuild made of nothing but Remix's empty stand-ins for `.server` modules
 * (`module.exports = {}`): a route that imports a server module for its loader still imports its
 * stand-in in the browser. esbuild gives each set of routes importing one such stand-in a chunk of
 * its own, ~0.1 KB of gzip for no code; an estate page loaded three. Such a chunk holds no state
 * anyone reads, so every chunk importing it gets its own copy (~30 bytes) instead of a file.
 */
function standInChunks(metafile, root) {
  const { outputs } = JSON.parse(fs.readFileSync(metafile, "utf8"));
  const found = new Set();
  for (const [file, output] of Object.entries(outputs)) {
    const inputs = Object.keys(output.inputs);
    if (file.endsWith(".js") && inputs.length > 0 && inputs.every((input) => input.startsWith("empty-module:"))) found.add(path.resolve(root, file));
  }
  return found;
}

function listJs(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listJs(full) : e.name.endsWith(".js") ? [full] : [];
  });
}

/**
 * The chunk every page loads: what the client entry and the root route import statically, and
 * what at least half of the route modules import (the formatters, the locale hook): a page that
 * does not use the latter loads a few hundred bytes more, and most pages save a file.
 */
function baseChunk(input, routeIds) {
  const reachCache = new Map();
  let users = null;
  const entries = new Set(Object.values(input));
  return (id, { getModuleInfo }) => {
    const reached = (start) => {
      if (reachCache.has(start)) return reachCache.get(start);
      const seen = new Set();
      const stack = [start];
      while (stack.length) {
        const m = stack.pop();
        if (seen.has(m)) continue;
        seen.add(m);
        stack.push(...(getModuleInfo(m)?.importedIds ?? []));
      }
      reachCache.set(start, seen);
      return seen;
    };
    // The client entry hydrates as soon as it runs: it must stay in its own file, which Remix
    // imports after the route modules. The root route's own code is loaded on every page first.
    if (id === input.root) return "base";
    if (entries.has(id)) return undefined;
    if (reached(input["entry.client"]).has(id) || reached(input.root).has(id)) return "base";
    if (!users) {
      users = new Map();
      for (const route of routeIds) for (const m of reached(input[route])) users.set(m, (users.get(m) ?? 0) + 1);
    }
    if ((users.get(id) ?? 0) * 2 >= routeIds.length) return "base";
    return undefined;
  };
}

/** `routes/($lang).faq-GRM53J7V.js` → `($lang).faq`: a file's name without esbuild's hash. */
function esbuildName(file) {
  return path.basename(file).replace(/-[0-9A-Z]{8}\.js$/, "");
}
