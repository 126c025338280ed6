/**
 * Where a page rendered to a string travels beside its `Response` (app/entry.server.tsx): the
 * server writes that string to the socket in one call instead of reading the response's body stream
 * (server/remix-handler.ts). The body holds the same text, for anyone else who reads it. A symbol
 * from the global registry, as the app's server build and the server are bundled apart.
 */
export const DOCUMENT_HTML = Symbol.for("konok.document-html");

/** The page's HTML if the response was made from a string, and is still the one it was made with. */
export function documentHtmlOf(response: Response): string | undefined {
  const html = (response as Response & { [DOCUMENT_HTML]?: unknown })[DOCUMENT_HTML];
  return typeof html === "string" && !response.bodyUsed ? html : undefined;
}
