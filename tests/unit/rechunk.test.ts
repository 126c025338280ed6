/**
 * The browser chunks regrouped after `remix build` (scripts/rechunk.mjs), on a small build laid out
 * as esbuild writes Remix's: chunks that import each other by `/build/…` URLs, a manifest in the
 * public folder and a copy of it in the server build. The regrouped files are then run, to show
 * that every route still gets the code it had.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rechunk } from "../../scripts/rechunk.mjs";

type Route = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasLoader: boolean };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, Route>; version: string; url: string };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-rechunk-test-"));
const buildDir = path.join(dir, "public", "build");
const serverBuild = path.join(dir, "build", "index.js");
const metafile = path.join(dir, "metafile.js.json");

function listFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(folder, e.name)) : [path.join(folder, e.name)]));
}

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
  fs.writeFileSync(path.join(buildDir, file), text);
}

/** Five routes under the root: `half` is used by three of them, `pair` by two. */
function esbuildLikeBuild(): Manifest {
  write("_shared/chunk-FRAMEWK1.js", `export function framework() { return "framework"; }\n`);
  write("_shared/chunk-ROOTDEP1.js", `export function header() { return "header"; }\n`);
  write("_shared/chunk-HALFUSE1.js", `export function half() { return "half"; }\n`);
  write("_shared/chunk-PAIRUSE1.js", `export function pair() { return "pair"; }\n`);
  // Remix's empty stand-in for a `.server` module, which routes c and e import for their loaders.
  write("_shared/chunk-STANDIN1.js", `export function serverModule() { return { standIn: "stand-in" }; }\n`);
  // The viewer, loaded with import() by route b, also uses code of route b's module.
  write(
    "_shared/viewer-VIEWER01.js",
    `import { pair } from "/build/_shared/chunk-PAIRUSE1.js";\nimport { caption } from "/build/routes/b-ROUTEB01.js";\nexport default function viewer() { return "viewer+" + pair() + "+" + caption(); }\n`,
  );
  write(
    "entry.client-ENTRY001.js",
    `import { framework } from "/build/_shared/chunk-FRAMEWK1.js";\nglobalThis.__konokHydrated = (globalThis.__konokHydrated ?? 0) + 1;\nexport const started = framework();\n`,
  );
  write("root-ROOT0001.js", `import { framework } from "/build/_shared/chunk-FRAMEWK1.js";\nimport { header } from "/build/_shared/chunk-ROOTDEP1.js";\nexport default function Root() { return framework() + "+" + header(); }\n`);
  const route = (name: string, uses: string[], extra = "") =>
    write(
      `routes/${name}-ROUTE${name.toUpperCase()}01.js`,
      `${uses.map((u) => `import { ${u} } from "/build/_shared/chunk-${u.toUpperCase()}USE1.js";`).join("\n")}\n${extra}export default function Page() { return [${uses.map((u) => `${u}()`).join(", ")}].concat("${name}").join("+"); }\n`,
    );
  route("a", ["half", "pair"]);
  route("b", ["half"], `export const openViewer = () => import("/build/_shared/viewer-VIEWER01.js").then((m) => m.default());\nexport function caption() { return "caption"; }\n`);
  const server = `import { serverModule } from "/build/_shared/chunk-STANDIN1.js";\nexport const server = serverModule();\n`;
  route("c", ["half"], server);
  route("d", ["pair"]);
  route("e", [], server);
  const routes: Record<string, Route> = {
    root: { id: "root", path: "", module: "/build/root-ROOT0001.js", imports: ["/build/_shared/chunk-FRAMEWK1.js", "/build/_shared/chunk-ROOTDEP1.js"], hasLoader: true },
  };
  for (const name of ["a", "b", "c", "d", "e"]) {
    routes[`routes/${name}`] = { id: `routes/${name}`, parentId: "root", path: name, module: `/build/routes/${name}-ROUTE${name.toUpperCase()}01.js`, imports: ["/build/_shared/chunk-HALFUSE1.js"], hasLoader: false };
  }
  const manifest: Manifest = {
    entry: { module: "/build/entry.client-ENTRY001.js", imports: ["/build/_shared/chunk-FRAMEWK1.js"] },
    routes,
    version: "abcdef12",
    url: "/build/manifest-ABCDEF12.js",
  };
  write("manifest-ABCDEF12.js", `window.__remixManifest=${JSON.stringify(manifest)};`);
  // esbuild's metafile, paths relative to the directory the build ran in: what each chunk holds.
  const outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> = {};
  for (const file of listFiles(buildDir)) outputs[path.relative(dir, file)] = { inputs: { [`app/${path.basename(file)}`]: { bytesInOutput: 40 } } };
  outputs["public/build/_shared/chunk-STANDIN1.js"] = { inputs: { "empty-module:~/lib/api.server": { bytesInOutput: 31 } } };
  fs.writeFileSync(metafile, JSON.stringify({ inputs: {}, outputs }));
  fs.writeFileSync(path.join(buildDir, "style-STYLE001.css"), "a{color:red}");
  fs.mkdirSync(path.dirname(serverBuild), { recursive: true });
  fs.writeFileSync(serverBuild, `var before = 1;\nvar assets_manifest_default = { entry: { module: "/build/entry.client-ENTRY001.js" }, routes: {} };\nvar after = 2;\n`);
  return manifest;
}

const fileOf = (url: string) => path.join(buildDir, url.slice("/build/".length));
const read = (url: string) => fs.readFileSync(fileOf(url), "utf8");
const load = (url: string) => import(pathToFileURL(fileOf(url)).href);
let manifest: Manifest;
let counts: { before: number; after: number };

beforeAll(async () => {
  esbuildLikeBuild();
  counts = await rechunk({ buildDir, serverBuild, metafile, root: dir });
  const text = fs.readFileSync(path.join(buildDir, "manifest-ABCDEF12.js"), "utf8");
  manifest = JSON.parse(text.slice("window.__remixManifest=".length).replace(/;$/, ""));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("regrouped browser chunks", () => {
  it("merge what every page loads into one chunk, with what half the routes use, and leave the rest apart", () => {
    expect(counts.before).toBe(13);
    // The root route's module is the base chunk itself, not a file that re-exports from it.
    expect(manifest.routes.root.imports ?? []).toEqual([]);
    const base = read(manifest.routes.root.module);
    expect(base).toContain("function Root");
    for (const name of ["framework", "header", "half"]) expect(base).toContain(`"${name}"`);
    expect(base).not.toContain(`"pair"`);
    // The client entry hydrates when it runs: its code stays in its own file, after the routes'.
    expect(base).not.toContain("__konokHydrated");
    expect(read(manifest.entry.module)).toContain("__konokHydrated");
    expect(manifest.entry.imports).toEqual([manifest.routes.root.module]);
    // A route that uses `pair` loads it; one that does not, does not (nor any other route's code).
    const withPair = (id: string) => (manifest.routes[id].imports ?? []).some((url) => read(url).includes(`"pair"`));
    expect(withPair("routes/a")).toBe(true);
    expect(withPair("routes/d")).toBe(true);
    expect(withPair("routes/c")).toBe(false);
    for (const name of ["a", "c", "d", "e"]) {
      const loaded = [manifest.routes[`routes/${name}`].module, ...(manifest.routes[`routes/${name}`].imports ?? [])].map(read).join("\n");
      for (const other of ["a", "b", "c", "d", "e"].filter((o) => o !== name)) expect(loaded, `routes/${name}`).not.toContain(`concat("${other}")`);
    }
    // Route b's module holds its code, the part the viewer uses included: no facade in front of a chunk.
    expect(read(manifest.routes["routes/b"].module)).toContain(`concat("b")`);
    expect(read(manifest.routes["routes/b"].module)).toContain(`"caption"`);
    // The viewer, loaded with import(), is in no route's first load.
    for (const route of Object.values(manifest.routes)) {
      for (const url of [route.module, ...(route.imports ?? [])]) expect(read(url), url).not.toContain(`"viewer+"`);
    }
  });

  it("list every file a route needs in both manifests, and leave no file of the old build", () => {
    const urls = [manifest.entry.module, ...manifest.entry.imports];
    for (const route of Object.values(manifest.routes)) urls.push(route.module, ...(route.imports ?? []));
    for (const url of urls) expect(fs.existsSync(fileOf(url)), url).toBe(true);
    expect(fs.existsSync(path.join(buildDir, "_shared", "chunk-HALFUSE1.js"))).toBe(false);
    expect(fs.existsSync(path.join(buildDir, "root-ROOT0001.js"))).toBe(false);
    expect(fs.existsSync(path.join(buildDir, "style-STYLE001.css"))).toBe(true);
    expect(manifest.routes["routes/e"].imports ?? []).not.toContain(manifest.routes["routes/e"].module);
    expect(manifest.version).toBe("abcdef12");

    const server = fs.readFileSync(serverBuild, "utf8");
    expect(server.startsWith("var before = 1;\n")).toBe(true);
    expect(server.endsWith("var after = 2;\n")).toBe(true);
    const copy = /^var assets_manifest_default = (\{.*\});$/m.exec(server)?.[1];
    expect(JSON.parse(copy ?? "null")).toEqual(manifest);
  });

  it("give each chunk that imports an empty stand-in a copy of it instead of a file of its own", () => {
    const holding = listFiles(buildDir).filter((file) => file.endsWith(".js") && fs.readFileSync(file, "utf8").includes(`"stand-in"`));
    expect(holding.sort()).toEqual([fileOf(manifest.routes["routes/c"].module), fileOf(manifest.routes["routes/e"].module)].sort());
    // Route e imports nothing else, so it loads one file.
    expect(manifest.routes["routes/e"].imports ?? []).toEqual([]);
  });

  it("keep a chunk loaded with import() under its own name", () => {
    const names = fs.readdirSync(path.join(buildDir, "_shared"));
    expect(names.filter((n) => /^viewer-[\w-]+\.js$/.test(n))).toHaveLength(1);
    expect(names.every((n) => /^(chunk|viewer)-[\w-]+\.js$/.test(n))).toBe(true);
  });

  it("still give each route the code it had", async () => {
    expect((await load(manifest.routes.root.module)).default()).toBe("framework+header");
    expect((await load(manifest.routes["routes/a"].module)).default()).toBe("half+pair+a");
    expect((await load(manifest.routes["routes/d"].module)).default()).toBe("pair+d");
    const e = await load(manifest.routes["routes/e"].module);
    expect(e.default()).toBe("e");
    expect(e.server).toEqual({ standIn: "stand-in" });
    expect((await load(manifest.routes["routes/c"].module)).server).toEqual({ standIn: "stand-in" });
    const b = await load(manifest.routes["routes/b"].module);
    expect(b.default()).toBe("half+b");
    expect(await b.openViewer()).toBe("viewer+pair+caption");
    // The entry ran once, when imported, and not before.
    expect((globalThis as { __konokHydrated?: number }).__konokHydrated).toBeUndefined();
    await load(manifest.entry.module);
    expect((globalThis as { __konokHydrated?: number }).__konokHydrated).toBe(1);
  });
});
