/**
 * Lazy hydration for the parts of a page its first screen can do without: the estate page's parts
 * below the fold and its booking panel, the search list's filter form
 * (docs/decisions/0055-lazily-hydrated-search-and-booking-forms.md).
 *
 * The server renders such a part in full, so it is there, and works, without JavaScript: it is
 * made of links and plain forms. In the browser its code is not part of the page's first load:
 * `deferred()` is a `React.lazy` component whose `import()` waits until the part comes within a
 * screen of the viewport (a part with no box, like the inside of a closed `<details>`, is not near
 * it until it is shown). Until then React leaves the server's HTML in place, not hydrated (React
 * 18 hydrates a `<Suspense>` boundary whose code is missing later, on its own); a click on one of
 * its links, or a form sent, before that is an ordinary page load.
 *
 * Two things make React touch such a boundary before its code is there:
 * - A router transition (a navigation, a form, a fetcher) that reaches it through context: React
 *   lets the transition commit only once the boundary is hydrated. So the code is fetched as soon
 *   as the router starts to change the page, whatever the scroll position.
 * - An urgent update: Remix's `RemixBrowser` sets the location outside a transition, so a mere hash
 *   change (`#reviews`) makes React give up the server HTML and render the boundary on the client
 *   (reported as recoverable error 421, see entry.client.tsx). Its fallback is then a copy of that
 *   very HTML, kept from before hydration, as long as the address (hash aside) is the same: the page
 *   does not move, and the copy fetches the code.
 * A boundary first rendered on the client (a client-side navigation to the page) fetches its code
 * at once.
 *
 * Use: `const Part = serverSide.Part ?? deferred("part-id", () => import("./part").then((m) => m.Part))`,
 * where `serverSide` is a `*.rendered.ts` module re-exporting the part (the server renders it
 * directly; in the browser's build vite.config.ts makes that module empty), and render
 * `<DeferredBoundary id="part-id"><Part … /></DeferredBoundary>` inside an element with that id.
 */
import { useFetchers, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from "react";

const waiting = new Set<() => void>();
/** Each part's server HTML, and the address (without the hash) it was rendered for. */
const serverCopies = new Map<string, { html: string; address: string }>();

function releaseAll() {
  for (const release of [...waiting]) release();
}

/**
 * Rendered once by the root layout: the first router update that changes what the page shows (a
 * navigation, a form, a fetcher, a revalidation, a new location) loads the deferred parts. Updates
 * that change nothing on the page, like the route manifest it patches in for the links it shows,
 * do not. It releases them as it renders, not in an effect: the router's updates are transitions,
 * which React commits only once the parts they reach are hydrated, so an effect would wait for the
 * very code it is to load. Releasing twice (StrictMode, a render thrown away) does nothing more.
 */
export function DeferredPartsWatch() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  const location = useLocation();
  const start = useRef(location.key);
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle") || location.key !== start.current;
  if (busy) releaseAll();
  return null;
}

/** Resolves when the element with this id nears the viewport, or when the page needs the code. */
function wanted(id: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id);
    // Rendered on the client (no server HTML to keep), or nothing to watch with: load now.
    if (!element || typeof IntersectionObserver !== "function") return resolve();
    serverCopies.set(id, { html: element.innerHTML, address: window.location.pathname + window.location.search });
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), { rootMargin: "100% 0px" });
    const release = () => {
      observer.disconnect();
      waiting.delete(release);
      resolve();
    };
    waiting.add(release);
    observer.observe(element);
  });
}

export function deferred<P extends object>(id: string, load: () => Promise<ComponentType<P>>) {
  return lazy(() => wanted(id).then(load).then((component) => ({ default: component })));
}

/** While a part renders on the client without its code: the server's copy if still true, and the code, now. */
function Standby({ id }: { id: string }) {
  const { pathname, search } = useLocation();
  useEffect(releaseAll, []);
  const copy = serverCopies.get(id);
  return copy && copy.address === pathname + search ? <div className="contents" dangerouslySetInnerHTML={{ __html: copy.html }} /> : null;
}

export function DeferredBoundary({ id, children }: { id: string; children: ReactNode }) {
  return <Suspense fallback={<Standby id={id} />}>{children}</Suspense>;
}
