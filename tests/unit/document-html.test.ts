/**
 * The server writes a page rendered to a string without asking its `Response` anything that would
 * make `@hono/node-server`'s light Response build the real undici one around the page's text
 * (app/lib/document-html.ts): that build scanned every character of every page.
 */
import { getRequestListener } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { DOCUMENT_HTML, documentHtmlOf } from "../../app/lib/document-html";

// As in the server (server/http.ts mounts the API with the adapter): the global Response becomes the light one.
getRequestListener(() => new Response("unused"));

const builtTheRealResponse = (response: Response) => Object.getOwnPropertySymbols(response).some((key) => key.description === "responseCache");

describe("documentHtmlOf", () => {
  it("gives the entry's string without building the real Response", () => {
    const html = "<!DOCTYPE html><html lang=\"en\"><body>page</body></html>";
    const response = Object.assign(new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } }), { [DOCUMENT_HTML]: html });
    expect(builtTheRealResponse(response), "the global Response is the adapter's light one").toBe(false);
    expect(documentHtmlOf(response)).toBe(html);
    expect(response.status).toBe(200);
    expect([...response.headers.entries()]).toEqual([["content-type", "text/html; charset=utf-8"]]);
    expect(builtTheRealResponse(response)).toBe(false);
    // The check above can fail: asking for what the server no longer asks for builds it.
    void response.statusText;
    expect(builtTheRealResponse(response)).toBe(true);
  });

  it("gives nothing for a response made another way", async () => {
    const response = new Response("plain");
    expect(documentHtmlOf(response)).toBeUndefined();
    expect(await response.text()).toBe("plain");
  });
});
