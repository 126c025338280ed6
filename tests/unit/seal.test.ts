/**
 * Sealing (app/lib/seal.server.ts) and the one pending helper built on it: a sealed value opens
 * only unchanged, with its own key and purpose, before its expiry and in the shape the code
 * expects; what was sealed by the release before the module still opens (tokens) or reads as
 * "start again" (the two old pending shapes), never as an error.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createSealer } from "../../app/lib/seal.server";
import { PENDING_TTL_MS, clearPending, readPending, writePending } from "../../app/lib/pending.server";
import { openTokens, sealTokens } from "../../app/lib/session.server";
import { webContext } from "./web-session";

const SECRET = "s".repeat(40);
const context = webContext(() => Promise.reject(new Error("no API in this test")), SECRET);

type Note = { text: string };
const isNote = (value: unknown): value is Note => typeof value === "object" && value !== null && typeof (value as Note).text === "string";
const notes = createSealer<Note>("test-notes", { accept: isNote });
const shortNotes = createSealer<Note>("test-notes", { accept: isNote, ttlMs: 60_000 });

/** The same bytes with one bit flipped at `index`. */
function flipped(sealed: string, index: number): string {
  const raw = Buffer.from(sealed, "base64url");
  raw[index] ^= 1;
  return raw.toString("base64url");
}

describe("createSealer", () => {
  it("opens what it sealed, and the sealed text does not show the value", () => {
    const sealed = notes.seal({ text: "+996 700 123 456" }, SECRET);
    expect(sealed).not.toContain("700");
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("700");
    expect(notes.open(sealed, SECRET)).toEqual({ text: "+996 700 123 456" });
    // A fresh IV each time: the same value never seals to the same text.
    expect(notes.seal({ text: "x" }, SECRET)).not.toBe(notes.seal({ text: "x" }, SECRET));
  });

  it("refuses a changed iv, tag or ciphertext, a cut or empty text and things that are not text", () => {
    const sealed = notes.seal({ text: "hello" }, SECRET);
    for (const index of [0, 11, 12, 27, 28, Buffer.from(sealed, "base64url").length - 1]) expect(notes.open(flipped(sealed, index), SECRET)).toBeNull();
    expect(notes.open(sealed.slice(0, 30), SECRET)).toBeNull();
    expect(notes.open(sealed.slice(0, -2), SECRET)).toBeNull();
    expect(notes.open("", SECRET)).toBeNull();
    expect(notes.open("not*base64", SECRET)).toBeNull();
    expect(notes.open(undefined, SECRET)).toBeNull();
    expect(notes.open({ text: "hello" }, SECRET)).toBeNull();
  });

  it("refuses another secret and another purpose's key", () => {
    const sealed = notes.seal({ text: "hello" }, SECRET);
    expect(notes.open(sealed, "t".repeat(40))).toBeNull();
    expect(createSealer<Note>("other-notes", { accept: isNote }).open(sealed, SECRET)).toBeNull();
  });

  it("refuses a value past its lifetime, and one sealed without a lifetime where one is expected", () => {
    const now = Date.UTC(2026, 10, 29, 12);
    const sealed = shortNotes.seal({ text: "soon gone" }, SECRET, now);
    expect(shortNotes.open(sealed, SECRET, now + 59_999)).toEqual({ text: "soon gone" });
    expect(shortNotes.open(sealed, SECRET, now + 60_000)).toBeNull();
    // Same key, no envelope: an old layout is not read as if it never expired.
    expect(shortNotes.open(notes.seal({ text: "forever" }, SECRET), SECRET, now)).toBeNull();
  });

  it("refuses a value that opens but has another shape", () => {
    const loose = createSealer<unknown>("test-notes", { accept: (_value): _value is unknown => true });
    expect(notes.open(loose.seal({ words: ["a"] }, SECRET), SECRET)).toBeNull();
    expect(notes.open(loose.seal("text", SECRET), SECRET)).toBeNull();
  });
});

describe("the session's tokens", () => {
  it("open when sealed by the release before app/lib/seal.server.ts (sessions survive the deploy)", () => {
    // Sealed with SECRET by the former sealTokens (key sha256("konok-session-tokens:" + secret)).
    const before = "zCCFE2MNZ74qtq1xQ8O4t0N2sjf0AsA3_qdL3PhLOi9-CqTEm1U30sqwC92Si9ie1Px0BkigqWGEoIwFDiFUhWU";
    expect(openTokens(before, context)).toEqual({ token: "a.b.c", refreshToken: "r1" });
    expect(openTokens(sealTokens({ token: "x.y.z", refreshToken: "r2" }, context), context)).toEqual({ token: "x.y.z", refreshToken: "r2" });
  });
});

describe("pending flows", () => {
  const storage = createCookieSessionStorage({ cookie: { name: "t", secrets: ["x"] } });
  const signup = {
    flow: "register" as const,
    mode: "guest" as const,
    countryCode: "996",
    phone: "700 123 456",
    phoneNumber: "996700123456",
    sentAt: 1,
    resendAt: 2,
    codeExpiresAt: 3,
    sends: 1,
  };

  it("reads back the flow written, not another flow's, for 30 minutes from the last write", async () => {
    const session = await storage.getSession();
    const now = Date.UTC(2026, 10, 29, 12);
    writePending(session, context, signup, now);
    expect(readPending(session, context, "register", now + PENDING_TTL_MS - 1)).toEqual(signup);
    expect(readPending(session, context, "reset", now)).toBeNull();
    expect(readPending(session, context, "register", now + PENDING_TTL_MS)).toBeNull();

    writePending(session, context, { flow: "email_link", target: "a@b.kg", sentAt: now, resendAt: now + 60_000 }, now);
    expect(readPending(session, context, "register", now)).toBeNull();
    expect(readPending(session, context, "email_link", now)).toEqual({ flow: "email_link", target: "a@b.kg", sentAt: now, resendAt: now + 60_000 });
    clearPending(session);
    expect(readPending(session, context, "email_link", now)).toBeNull();
  });

  it("reads the former helpers' cookies (mid-flow during a deploy) as no flow: the page starts again", async () => {
    const session = await storage.getSession();
    // Sealed with SECRET by the former app/lib/pending.server.ts (its own key and shape, expiring in 2100)…
    session.set(
      "pending",
      "yX84G2SY6elhbJ-Tq8sIQqVd8105Rxn_PpNnhw7pM5cxutkdivBrBlt2bz-aNocKVf-v1F24FdZW5zJu6pFIdTX9z8PVUNdnqLlqAdZW4KgjfLMHt5UwNxoXyEFJoyyXKJ60kzg1kTb3nRNthgPquVk34nvqGI8TbqVmvXnhswg0NvpqUwrEGoRde2hayZVNbb6CO2HSwKDzekSkpp9sgqN8ZFktkXZuuxqQiqQHzOn6ZpltWzVgfco6fRFctK1nVRvWqU1NS0zvonjULRnpoYcUQamWGYd4EV5GD9aHky1IAB1xNBQp6uasEQ",
    );
    expect(readPending(session, context, "register")).toBeNull();
    // …and by the former app/components/profile/pending.server.ts.
    session.set("pending", "p1.0Kf-e2AYsvsC0cd-QPLonBahoLslD-AX8d27bD2PjUPlClAZ-mex8OBI-YJLHsrf7KJAdJZS-6SuoJaOUKD6wzpuPjrqox8DYDcO80HTZ34SVBZiZcr9tUbyk3ny");
    expect(readPending(session, context, "email_link")).toBeNull();
  });

  it("refuses a state of the right key but a broken shape", async () => {
    const session = await storage.getSession();
    writePending(session, context, { ...signup, sends: "one" as unknown as number });
    expect(readPending(session, context, "register")).toBeNull();
  });
});
