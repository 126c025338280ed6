import { vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";

import remixOptions from "./remix.config.js";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  // The browser's files are served under /build/ (server/index.ts), beside the public folder's.
  base: "/build/",
  resolve: { alias: { "~": path.join(root, "app") } },
  build: {
    // public/ is served by the server itself (server/index.ts), not copied into build/client.
    copyPublicDir: false,
    // The browser's code minified by terser with two compress passes instead of Vite's default
    // esbuild: smaller after gzip, mostly React Router's and Remix's code (decision 0080, as 0044
    // found). The server's build stays readable (stack traces), as Vite leaves it by default.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    // No preload helper around the app's import() calls (~0.5 KB of gzip on every first load): a
    // lazily loaded part's own imports then load after it, as with the classic compiler.
    modulePreload: false,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: baseChunk() } },
  },
  plugins: [serverRenderedParts(), remix(remixOptions)],
}));

/**
 * `*.rendered.ts` modules re-export a part of a page that the server renders at once and the browser
 * loads later with import() (app/components/deferred.tsx, decision 0055). In the browser's build
 * they are empty, so the part's code is not in the page's first load.
 */
function serverRenderedParts(): Plugin {
  const EMPTY = "\0konok-rendered-part";
  return {
    name: "konok-server-rendered-parts",
    enforce: "pre",
    resolveId(source, _importer, options) {
      if (options?.ssr || !/\.rendered(\.ts)?$/.test(source)) return null;
      // One empty module per part, so each stays inside its importer's chunk instead of a file of its own.
      return `${EMPTY}:${source}`;
    },
    load: (id) => (id.startsWith(EMPTY) ? "export {};" : null),
  };
}

/**
 * The chunk every page loads (decision 0080, formerly scripts/rechunk.mjs, decision 0052): what the
 * client entry and the root route import statically, the root route's own code, and what at least
 * half of the route modules import (the formatters, the locale hook). Every file is compressed
 * alone, so many small files compress badly: a first visit loaded 27 files without this. A page
 * that does not use the shared modules loads a few hundred bytes more. Everything else is split as
 * Rollup does by default (a chunk per set of routes sharing code), so no page loads another page's
 * code, and nothing loaded with import() becomes part of a first load. The client entry's own
 * code stays in its file: it hydrates as soon as it runs, and Remix imports it after the route
 * modules. A second chunk, `guest`, holds what all three pages a first visit lands on share, and a
 * third, `cards`, what only the home page and the list share. Only for the browser's build.
 */
/** The route modules of the pages a first visit lands on, which docs/operations.md's budgets cover. */
const GUEST_PAGES = ["($lang)._index.tsx", "($lang).estates._index.tsx", "($lang).estates.$slug.tsx"];

/** Characters of transformed code under which a module shared by a guest page joins `guest`. */
const SMALL_MODULE = 1500;

function baseChunk() {
  const ROUTE = "?__remix-build-client-route";
  let graph: { entry: string; root: string; routes: string[]; reached: Map<string, Set<string>>; users: Map<string, number>; guestPages: Set<string>[] } | null = null;
  const reach = (start: string, info: Rollup.ManualChunkMeta["getModuleInfo"]) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(info(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): string | undefined => {
    if (!graph) {
      const ids = [...getModuleIds()];
      const entry = ids.find((m) => m.endsWith("/app/entry.client.tsx"));
      const root = ids.find((m) => m.endsWith(`/app/root.tsx${ROUTE}`));
      if (!entry || !root) throw new Error("vite.config.ts: no client entry or root route in the browser's build");
      const routes = ids.filter((m) => m.endsWith(ROUTE) && m !== root);
      const users = new Map<string, number>();
      for (const route of routes) for (const m of reach(route, getModuleInfo)) users.set(m, (users.get(m) ?? 0) + 1);
      const guestPages = GUEST_PAGES.map((file) => routes.find((m) => m.endsWith(`/app/routes/${file}${ROUTE}`))).map((m) => (m ? reach(m, getModuleInfo) : new Set<string>()));
      graph = { entry, root, routes, reached: new Map([[entry, reach(entry, getModuleInfo)], [root, reach(root, getModuleInfo)]]), users, guestPages };
    }
    if (id === graph.root) return "base";
    if (id === graph.entry || getModuleInfo(id)?.isEntry) return undefined;
    if (graph.reached.get(graph.entry)!.has(id) || graph.reached.get(graph.root)!.has(id)) return "base";
    if ((graph.users.get(id) ?? 0) * 2 >= graph.routes.length) return "base";
    // What at least two of a guest's first pages (home, search, an estate) share: the cards, the
    // photos, the date and guest fields. Ten files of 0.3–1.3 KB each before.
    // And the small modules one of them shares with other pages (the share links, the search
    // parameters): ~0.1–0.3 KB files, which compress badly alone.
    const onGuestPages = graph.guestPages.filter((page) => page.has(id)).length;
    // What only the home page and the list share (the stay cards, the SEO tags: ~2 KB of gzip) is a
    // chunk of its own, `cards`, so an estate page does not load it (100.3 KB → 98.6 KB there).
    if (onGuestPages >= 2 || (onGuestPages === 1 && (graph.users.get(id) ?? 0) >= 2 && (getModuleInfo(id)?.code?.length ?? Infinity) < SMALL_MODULE)) {
      return onGuestPages === 2 && !graph.guestPages[2].has(id) ? "cards" : "guest";
    }
    if (process.env.KONOK_CHUNK_DEBUG && onGuestPages >= 1) console.log("REST", graph.guestPages.map((p) => (p.has(id) ? 1 : 0)).join(""), graph.users.get(id), getModuleInfo(id)?.dynamicImporters.length, getModuleInfo(id)?.code?.length, graph.routes.includes(`${id}${ROUTE}`), id.replace(root, ""));
    return undefined;
  };
}
