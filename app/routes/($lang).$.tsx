/**
 * Every URL no other route takes: a 404. As a route of its own (not Remix's "no match"), the root's
 * loader runs for it, so the 404 page has the translated header and footer, the contacts and the
 * signed-in state of every other page; root.tsx's ErrorBoundary draws it.
 */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
