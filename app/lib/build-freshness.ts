/**
 * Deploys without broken pages (SPEC sections 1 and 8):
 * - New-build detection: the client asks `/build/builds/latest.json?t=…` (written by the build,
 *   scripts/build-server.mjs) while the tab is visible, at most once a minute; when its id differs
 *   from the running build's, the next navigation is a full page load, which brings the new build.
 * - Chunk-load failure (a deploy removed old chunks): one full load of the target path, guarded for
 *   10 seconds per path in sessionStorage so it can never loop. That covers our own dynamic imports
 *   (an unhandled rejection, see build-watch.tsx) and Remix's import of a route module, whose own
 *   unguarded `window.location.reload()` is stopped by `installRouteModuleGuard` below
 *   (docs/decisions/0080-remix-vite-build.md, which replaces 0039's rewrite of Remix's code).
 */
export const BUILD_CHECK_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const LATEST_BUILD_URL = "/build/builds/latest.json";

const GUARD_KEY = "konok:chunk-reload:";

/** True (and remembered) when `path` may be reloaded now; false within 10 s of the last reload of it. */
export function mayReload(path: string, storage: Pick<Storage, "getItem" | "setItem">, now = Date.now()): boolean {
  const key = `${GUARD_KEY}${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

/** A failed dynamic import, in the words of Chromium, Firefox and Safari. */
export const isChunkLoadError = (reason: unknown) =>
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk \S+ failed/i.test(
    reason instanceof Error ? reason.message : String(reason ?? ""),
  );

/** Full load of `path` unless it was reloaded in the last 10 s; says whether it reloads. */
export function reloadTo(path: string): boolean {
  let allowed = true;
  try {
    allowed = mayReload(path, window.sessionStorage);
  } catch {
    // No sessionStorage (privacy mode): without a guard, do not risk a loop.
    allowed = false;
  }
  if (!allowed) return false;
  // Assigning the same path with only another hash would not load the page again.
  if (path.split("#")[0] === `${window.location.pathname}${window.location.search}`) window.location.reload();
  else window.location.assign(path);
  return true;
}

type RouterLocation = { pathname: string; search: string; hash: string };

/** Where the router is going (set by build-watch.tsx from `useNavigation()` as it renders). */
let navigationTarget: RouterLocation | null = null;

export function noteNavigationTarget(location: RouterLocation | undefined): void {
  navigationTarget = location ?? null;
}

/**
 * Remix could not import a route module: the chunk is gone (a deploy) or unreachable. The page the
 * guest was going to is loaded in full, at most once per 10 s. Either way this throws, which stops
 * Remix's own reload of the page being left (see installRouteModuleGuard): within the 10 s the
 * router then shows its error page rather than loading the page again and again.
 */
export function routeModuleFailed(): never {
  const target = navigationTarget ?? window.location;
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (reloadTo(path)) throw new Error(`The page's code could not load; loading ${path} afresh`);
  throw new Error(`The page's code could not load (${path}), and it was reloaded less than ${CHUNK_RELOAD_GUARD_MS / 1000} s ago`);
}

/** The words Remix logs (console.error) just before it reloads on a failed route-module import. */
export const REMIX_ROUTE_MODULE_ERROR = "Error loading route module";

/**
 * Remix's `loadRouteModule` (@remix-run/react) catches a failed import, logs
 * "Error loading route module …" with `console.error` and then calls `window.location.reload()`,
 * which cannot be replaced from script. Remix offers no hook in between, but the log is one: when
 * it is that message, the guard runs and throws, so the reload after it is never reached and the
 * route's load fails with our error instead. Installed before hydration, so before any navigation.
 * tests/unit/route-module-guard.test.ts fails if an upgraded Remix no longer logs the message
 * right before its reload; tests/e2e/platform-rules.spec.ts removes a chunk and follows a link.
 */
export function installRouteModuleGuard(): void {
  const log = console.error;
  console.error = (...args: unknown[]) => {
    log.apply(console, args);
    if (typeof args[0] === "string" && args[0].startsWith(REMIX_ROUTE_MODULE_ERROR)) routeModuleFailed();
  };
}
