/**
 * The docs stay true in the ways a machine can check (issue 28): every decision note says when it
 * was taken and whether it still holds, numbers are not reused, and no link in the docs or in a
 * code comment points to a note or page that does not exist.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const decisionsDir = path.join(root, "docs", "decisions");
const notes = fs.readdirSync(decisionsDir).filter((name) => name.endsWith(".md"));

function filesUnder(dir: string, extensions: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : filesUnder(full, extensions);
    return extensions.test(entry.name) ? [full] : [];
  });
}

describe("decision notes", () => {
  it("each has a numbered title, then its date and status", () => {
    for (const name of notes) {
      const [title, blank, stamp] = fs.readFileSync(path.join(decisionsDir, name), "utf8").split("\n");
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\b`));
      expect(blank, name).toBe("");
      expect(stamp, name).toMatch(/^Date: 20\d\d-\d\d-\d\d · Status: (accepted|superseded|proposed)\b/);
    }
  });

  it("never share a number", () => {
    const numbers = notes.map((name) => name.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });
});

describe("links", () => {
  it("in the docs and the README lead to files that exist", () => {
    const dead: string[] = [];
    for (const file of [path.join(root, "README.md"), ...filesUnder(path.join(root, "docs"), /\.md$/)]) {
      const text = fs.readFileSync(file, "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue; // http(s), mailto
        if (!fs.existsSync(path.resolve(path.dirname(file), target!))) dead.push(`${path.relative(root, file)} → ${target}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it("in code comments name decision notes that exist", () => {
    const dead: string[] = [];
    for (const dir of ["app", "api", "server", "contract", "scripts", "tests"]) {
      for (const file of filesUnder(path.join(root, dir), /\.(ts|tsx|mjs|js)$/)) {
        for (const [name] of fs.readFileSync(file, "utf8").matchAll(/\b\d{4}-[a-z0-9-]+\.md\b/g)) {
          if (!fs.existsSync(path.join(decisionsDir, name))) dead.push(`${path.relative(root, file)} → ${name}`);
        }
      }
    }
    expect(dead).toEqual([]);
  });
});
