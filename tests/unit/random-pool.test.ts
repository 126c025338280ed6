/**
 * server/random-pool.ts hands out request ids and the pages' script nonces from a pool of random
 * bytes. Every value must be of its length and encoding, and no two may share bytes, across the
 * pool's refills too; the nonce the security headers give a page must be such a value, new per page.
 */
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { newRequestId } from "../../server/edge";
import { securityHeaders } from "../../server/http";
import { randomPool } from "../../server/random-pool";

describe("random values from a pool", () => {
  it("gives each value bytes of its own, across refills", () => {
    const next = randomPool(16, 4, "base64");
    const values = Array.from({ length: 4 * 50 + 3 }, next);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(Buffer.from(value, "base64")).toHaveLength(16);
    // Refilled, not wrapped around: the fifth value is not the first again.
    expect(values[4]).not.toBe(values[0]);
  });

  it("makes request ids of 16 hex characters, all different", () => {
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every page a new nonce of 16 random bytes, in its policy and for its scripts", () => {
    const middleware = securityHeaders({ mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", production: true });
    const nonces = Array.from({ length: 600 }, () => {
      const headers: Record<string, string> = {};
      const res = { locals: {} as Record<string, unknown>, setHeader: (name: string, value: string) => (headers[name] = value) };
      let nexted = false;
      middleware({} as Request, res as unknown as Response, (() => (nexted = true)) as NextFunction);
      expect(nexted).toBe(true);
      const nonce = res.locals.cspNonce as string;
      expect(headers["Content-Security-Policy"]).toContain(`script-src 'self' 'nonce-${nonce}';`);
      return nonce;
    });
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
