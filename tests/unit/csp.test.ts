import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../server/http";

/** The Content-Security-Policy the server sends with a given tile server. */
function policy(mapTileUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
  securityHeaders({ mapTileUrl, production: false })({} as Request, res, (() => {}) as NextFunction);
  return Object.fromEntries(headers["Content-Security-Policy"].split("; ").map((d) => [d.split(" ")[0], d]));
}

describe("CSP and the map's tile server", () => {
  it("lets the map's tiles load from the configured server's origin, and nothing else from there", () => {
    expect(policy("https://tile.openstreetmap.org/{z}/{x}/{y}.png")["img-src"]).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(policy("https://tile.openstreetmap.org/{z}/{x}/{y}.png")["script-src"]).not.toContain("openstreetmap");
    expect(policy("http://127.0.0.1:3220/tiles/{z}/{x}/{y}.png")["img-src"]).toBe("img-src 'self' data: blob: http://127.0.0.1:3220");
  });

  it("allows every subdomain of a {s} template, and only 'self' for tiles served by this site", () => {
    expect(policy("https://{s}.tile.example.org/{z}/{x}/{y}.png")["img-src"]).toBe("img-src 'self' data: blob: https://*.tile.example.org");
    expect(policy("/tiles/{z}/{x}/{y}.png")["img-src"]).toBe("img-src 'self' data: blob:");
  });
});

describe("CSP and WebSockets", () => {
  function connectSrc(options: { production: boolean; realtimeUrl?: string }): string {
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
    securityHeaders({ mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", ...options })({} as Request, res, (() => {}) as NextFunction);
    return headers["Content-Security-Policy"].split("; ").find((d) => d.startsWith("connect-src"))!;
  }

  it("allows WebSockets in production only to the configured realtime host", () => {
    expect(connectSrc({ production: true })).toBe("connect-src 'self'");
    expect(connectSrc({ production: true, realtimeUrl: "wss://rt.konok.kg/socket" })).toBe("connect-src 'self' wss://rt.konok.kg");
    expect(connectSrc({ production: false })).toBe("connect-src 'self' ws: wss:");
  });
});

describe("CSP and the payment gateway", () => {
  function formAction(paymentUrl?: string): string {
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
    securityHeaders({ mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", production: true, paymentUrl })({} as Request, res, (() => {}) as NextFunction);
    return headers["Content-Security-Policy"].split("; ").find((d) => d.startsWith("form-action"))!;
  }

  it("lets a pay form without JavaScript follow its redirect to Freedom Pay's page, and only there", () => {
    expect(formAction()).toBe("form-action 'self'");
    expect(formAction("https://api.freedompay.kg")).toBe("form-action 'self' https://api.freedompay.kg");
    expect(formAction("http://127.0.0.1:3292/")).toBe("form-action 'self' http://127.0.0.1:3292");
  });
});
