/**
 * `npm run operator` (api/operator-cli.ts), run as the separate process it is on a server: it
 * migrates an empty PGlite folder, creates, lists and removes operators, refuses a member's number,
 * and says plainly, changing nothing, when the server holds the folder.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client";
import { users } from "../../api/db/schema";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-operator-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(...args: string[]) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ["--import", "tsx", "api/operator-cli.ts", ...args, "--data-dir", dataDir], { encoding: "utf8", env, timeout: 120_000 });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("npm run operator", () => {
  it("creates on an empty folder, lists, refuses a duplicate and removes", { timeout: 300_000 }, () => {
    const created = run("create", "--phone", "+996 555 31 00 01", "--password", "operator-pass-2026", "--name", "Ainura Operator");
    expect(created.out).toContain("Operator created: 996555310001 (Ainura Operator");
    expect(created.code).toBe(0);
    const listed = run("list");
    expect(listed.out).toMatch(/^996555310001\tAinura Operator\tid \d+/m);
    const again = run("create", "--phone", "996555310001", "--password", "operator-pass-2026");
    expect(again.code).toBe(1);
    expect(again.out).toContain("996555310001 is already an operator");
    const short = run("create", "--phone", "996555310002", "--password", "short");
    expect(short.code).toBe(1);
    expect(short.out).toContain("--password must be 8 to 128 characters");
    const removed = run("remove", "--phone", "996555310001");
    expect(removed.code).toBe(0);
    expect(removed.out).toContain("Operator removed: 996555310001");
    expect(run("list").out).toContain("No operators.");
    expect(run("frobnicate").out).toContain('Unknown command "frobnicate"');
  });

  it("says plainly that the folder is in use while the server holds it, and changes nothing", { timeout: 300_000 }, async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const refused = run("create", "--phone", "996555310003", "--password", "operator-pass-2026");
      expect(refused.code).toBe(1);
      expect(refused.out).toContain("in use by another Konok process");
      expect(refused.out).toContain("stop the server, run this command, then start the server again");
      const operators = (await database.db.select().from(users)).filter((u) => u.phone === "996555310003");
      expect(operators).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
