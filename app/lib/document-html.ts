/**
 * Where a page rendered to a string travels beside its `Response` (app/entry.server.tsx): the
 * server writes that string to the socket in one call instead of reading the response's body stream
 * (server/remix-handler.ts). The body holds the same text, for anyone else who reads it. A symbol
 * from the global registry, as the app's server build and the server are bundled apart.
 */
export const DOCUMENT_HTML = Symbol.for("konok.document-html");

/**
 * The page's HTML if the response was made from a string. Only the entry's own `Response` carries
 * it: one made again around its body (a HEAD, a wrapper) does not. Nothing else of the response is
 * read here on purpose: under `@hono/node-server` the global `Response` is a light object, and
 * asking it for `bodyUsed` or `statusText` builds the real undici `Response` around the page's
 * string (a WebIDL scan of every character, a body stream), ~5 % of a page's main thread.
 */
export function documentHtmlOf(response: Response): string | undefined {
  const html = (response as Response & { [DOCUMENT_HTML]?: unknown })[DOCUMENT_HTML];
  return typeof html === "string" ? html : undefined;
}
