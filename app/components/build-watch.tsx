import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BUILD_CHECK_INTERVAL_MS, isChunkLoadError, LATEST_BUILD_URL, noteNavigationTarget, reloadTo } from "~/lib/build-freshness";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/**
 * Watches for a newer build and for chunks that no longer exist (app/lib/build-freshness.ts). Renders
 * nothing; `data-build-stale` on <html> says a newer build was seen (the tests read it).
 */
export function BuildWatch() {
  const stale = useRef(false);
  const navigation = useNavigation();
  const pending = useRef<string | null>(null);
  pending.current = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;
  // Where a failed route module sends the guest (installRouteModuleGuard): noted as the router
  // renders its pending navigation, before the import that may fail has had its answer.
  noteNavigationTarget(navigation.location);
  const location = useLocation();
  const firstLocation = useRef(location.key);

  useEffect(() => {
    const running = window.__remixManifest?.version;
    let lastCheck = 0;
    const check = async () => {
      if (stale.current || !running || document.visibilityState !== "visible") return;
      if (Date.now() - lastCheck < BUILD_CHECK_INTERVAL_MS) return;
      lastCheck = Date.now();
      try {
        const response = await fetch(`${LATEST_BUILD_URL}?t=${Date.now()}`, { cache: "no-store" });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        if (id && id !== running) {
          stale.current = true;
          document.documentElement.dataset.buildStale = "true";
        }
      } catch {
        // Offline or mid-deploy: ask again next time.
      }
    };

    // With a newer build out, a link is followed by the browser itself: React (listening on the
    // document) never sees the click, so the new page comes with the new build.
    const onClick = (event: MouseEvent) => {
      if (!stale.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
      event.stopPropagation();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadTo(pending.current ?? `${window.location.pathname}${window.location.search}`);
    };

    void check();
    const timer = window.setInterval(check, BUILD_CHECK_INTERVAL_MS);
    document.addEventListener("visibilitychange", check);
    window.addEventListener("click", onClick, true);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  // A navigation that did not come from a link (a form, a redirect) while stale: load it afresh.
  useEffect(() => {
    if (stale.current && location.key !== firstLocation.current) reloadTo(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);

  return null;
}
