import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/icon";

const sprite = fs.readFileSync("app/components/icons.svg", "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 (\d+) \2"/g)].map((m) => m[1]);

describe("the icon sprite", () => {
  it("draws every icon the code can ask for, once, and nothing else", () => {
    expect(new Set(symbols).size).toBe(symbols.length);
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("is one SVG document whose symbols hold only shapes (no script, no outside reference)", () => {
    expect(sprite.trim()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">[\s\S]*<\/svg>$/);
    expect(sprite).not.toMatch(/<script|href=|url\(/i);
    const elements = new Set([...sprite.matchAll(/<([a-z]+)[\s>/]/g)].map((m) => m[1]));
    expect([...elements].sort()).toEqual(["circle", "path", "svg", "symbol"]);
  });
});
