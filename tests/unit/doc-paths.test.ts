/**
 * Every source file the docs name exists (issue 28): files move (the loaders went to
 * app/routes-server/, the `.server` parts of the lazy forms became `.rendered`) and a decision
 * note or a page that still names the old place sends a newcomer looking for nothing. Checked: a
 * path under one of the source folders (`app/lib/format.ts`, `server/`), and a bare TypeScript
 * file name in code quotes (`filter-form.rendered.ts`, or `…calendar.$.tsx` for the end of a name),
 * which some file in the tree must have. Files a note names because a change removed them are
 * listed below with the note that removed them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** Files gone on purpose, which notes still name as what was removed or replaced: path → the note that removed it. */
const REMOVED: Record<string, string> = {
  "scripts/rechunk.mjs": "0080",
  "tests/unit/rechunk.test.ts": "0080",
};

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : filesUnder(full);
    return [full];
  });
}

const docs = [path.join(root, "README.md"), ...filesUnder(path.join(root, "docs")).filter((f) => f.endsWith(".md"))];
const SOURCE_DIRS = ["app", "api", "contract", "server", "scripts", "tests"];
const sourceNames = [...fs.readdirSync(root), ...SOURCE_DIRS.flatMap((dir) => filesUnder(path.join(root, dir))).map((f) => path.basename(f))];

/** `app/routes/($lang).host.tsx` keeps its `($lang)`; a `)` that closes a Markdown link or a remark is not part of the path. */
const PATH = new RegExp(`(?<![\\w/.$-])(?:${SOURCE_DIRS.join("|")})/(?:[\\w.$@\\[\\]-]|\\(\\$?\\w+\\))*(?:[\\w/\\]]|\\(\\$?\\w+\\))`, "g");
const BARE_NAME = /(?<![*\w$)\].-])(…)?(\.)?((?:[\w$@[\]-]|\(\$?\w+\))(?:[\w.$@[\]-]|\(\$?\w+\))*\.tsx?)\b/g;

describe("source files named in the docs", () => {
  it("exist where a path says", () => {
    const missing: string[] = [];
    for (const doc of docs) {
      for (const [named] of fs.readFileSync(doc, "utf8").matchAll(PATH)) {
        const file = named.replace(/\/$/, "");
        // Generated places (`tests/.artifacts/`) are made by a run, not kept in the tree.
        if (/[*{}]/.test(file) || file.includes("/.") || REMOVED[file]) continue;
        if (!fs.existsSync(path.join(root, file))) missing.push(`${path.relative(root, doc)} → ${named}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("exist somewhere under a bare TypeScript file name", () => {
    const missing: string[] = [];
    for (const doc of docs) {
      for (const [, quoted] of fs.readFileSync(doc, "utf8").matchAll(/`([^`\n]+)`/g)) {
        for (const [, ellipsis, dot, name] of quoted.matchAll(BARE_NAME)) {
          if (dot && !ellipsis) continue; // a kind of file (`.server.ts`), not a file
          if (quoted.includes(`/${name}`) || name.endsWith(".d.ts")) continue; // a path: the check above
          if (REMOVED[`scripts/${name}`] || Object.keys(REMOVED).some((p) => p.endsWith(`/${name}`))) continue;
          const found = ellipsis ? sourceNames.some((n) => n.endsWith(name)) : sourceNames.includes(name);
          if (!found) missing.push(`${path.relative(root, doc)} → ${ellipsis ?? ""}${name}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("listed as removed are gone", () => {
    expect(Object.keys(REMOVED).filter((file) => fs.existsSync(path.join(root, file)))).toEqual([]);
  });
});
