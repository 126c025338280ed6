/**
 * Deploys without broken pages (SPEC sections 1 and 8):
 * - New-build detection: the client asks `/build/builds/latest.json?t=…` (written by the build,
 *   scripts/build-server.mjs) while the tab is visible, at most once a minute; when its id differs
 *   from the running build's, the next navigation is a full page load, which brings the new build.
 * - Chunk-load failure (a deploy removed old chunks): one full load of the target path, guarded for
 *   10 seconds per path in sessionStorage so it can never loop.
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
  if (allowed) window.location.assign(path);
  return allowed;
}
