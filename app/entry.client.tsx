// Imported by this entry, React DOM is as near an entry point as @remix-run/react. esbuild lays a
// shared chunk out from the files nearest an entry, and among equals from the one the other depends
// on (react-dom, through React Router): so React DOM opens the framework's chunk whatever the routes
// import. Laid out after React Router instead (an import() added elsewhere brought that about), the
// chunk was ~0.8 KB larger after gzip. docs/operations.md, "First load".
import "react-dom";
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTranslationFiles } from "~/i18n/translation-files";
import { installRouteModuleGuard } from "~/lib/build-freshness";

// Before the router exists: a route module failing to load reloads its page at most once per 10 s.
installRouteModuleGuard();

/**
 * React's error 421: a `<Suspense>` boundary got an urgent update before it was hydrated, and is
 * rendered on the client instead. That is how a lazily hydrated part of a page (see
 * app/components/deferred.tsx) meets a hash change before its code is in, and it then shows a
 * copy of its server HTML: expected, not worth an error in the console.
 */
const isDeferredHydrationSwitch = (error: unknown) => error instanceof Error && /#421\b|received an update before it finished hydrating/.test(error.message);

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
      {
        onRecoverableError(error) {
          if (isDeferredHydrationSwitch(error)) return;
          // React's default.
          if (typeof reportError === "function") reportError(error);
          else console.error(error);
        },
      },
    );
  });
}

// The page's dictionaries are files of their own (decision 0042), preloaded by its head. Without
// them the page would hydrate with untranslated keys: it stays as the server rendered it instead,
// which works without JavaScript.
loadTranslationFiles(document).then(hydrate, (error: unknown) => console.error("Translations could not be loaded; the page works without scripts.", error));
