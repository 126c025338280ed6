/**
 * The code forms' honeypot (app/lib/honeypot.server.ts), as a bot and as a person meet it: the
 * form's own rendered fields pass, a filled trap, a missing field or a pre-dated time is a 400,
 * and a time that does not open (forged, another secret, a form of the former remix-utils
 * honeypot) sends the person back to a fresh form.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { HoneypotFields } from "../../app/components/forms/honeypot-fields";
import { checkHoneypot, honeypotFields } from "../../app/lib/honeypot.server";
import { webContext } from "./web-session";

const context = webContext(() => Promise.reject(new Error("no API in this test")), "s".repeat(40));
const HERE = "/en/sms";

/** The form data a browser sends for the rendered fields (the trap left empty), plus `extra`. */
function posted(html: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [, name, value] of html.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"/g)) form.set(name, value);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

/** What checkHoneypot threw: a Response's status, or "passed". */
function outcome(form: FormData, now?: number): number | "passed" {
  try {
    checkHoneypot(context, form, HERE, now);
    return "passed";
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

const rendered = (now?: number) => renderToStaticMarkup(createElement(HoneypotFields, { ...honeypotFields(context, now), label: "Leave this field empty" }));

describe("honeypot", () => {
  it("lets the form's own fields through, the trap hidden and empty", () => {
    const html = rendered();
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain("display:none");
    const form = posted(html);
    expect(form.get("name__confirm")).toBe("");
    expect(String(form.get("from__confirm")).length).toBeGreaterThan(20);
    expect(outcome(form)).toBe("passed");
  });

  it("refuses a filled trap, a missing trap or time, and a form from the future", () => {
    const html = rendered();
    expect(outcome(posted(html, { name__confirm: "I am a bot" }))).toBe(400);
    const noTrap = posted(html);
    noTrap.delete("name__confirm");
    expect(outcome(noTrap)).toBe(400);
    const noTime = posted(html);
    noTime.delete("from__confirm");
    expect(outcome(noTime)).toBe(400);
    expect(outcome(new FormData())).toBe(400);
    const now = Date.now();
    expect(outcome(posted(rendered(now + 60_000)), now)).toBe(400);
    expect(outcome(posted(rendered(now)), now)).toBe("passed");
  });

  it("sends a time that does not open back to a fresh form, with no code sent", () => {
    const sealed = String(posted(rendered()).get("from__confirm"));
    const forged = `${sealed.slice(0, -4)}AAAA`;
    expect(outcome(posted(rendered(), { from__confirm: forged }))).toBe(302);
    // A form rendered by the former remix-utils honeypot (crypto-js AES, "Salted__" OpenSSL layout).
    expect(outcome(posted(rendered(), { from__confirm: "U2FsdGVkX1+gLhV0ZGJ4b3lZ2m0cJ7O2s9F4b6fqYkA=" }))).toBe(302);
    const elsewhere = webContext(() => Promise.reject(new Error("no API")), "t".repeat(40));
    const theirs = renderToStaticMarkup(createElement(HoneypotFields, { ...honeypotFields(elsewhere), label: "x" }));
    try {
      checkHoneypot(context, posted(theirs), HERE);
      expect.unreachable();
    } catch (error) {
      expect((error as Response).status).toBe(302);
      expect((error as Response).headers.get("Location")).toBe(HERE);
    }
  });
});
