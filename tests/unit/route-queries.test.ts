/**
 * API route files keep to HTTP; their queries live in api/services/ (issue 28). ESLint enforces
 * it (eslint.config.js, the api/routes/** block); this test shows the rule catches each way a
 * query could come back into a route, and that no route file breaks it now.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });
const routeFile = path.join(root, "api/routes/v1/example.ts");

async function problems(code: string, filePath = routeFile) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("queries in API route files", () => {
  it.each([
    { what: "drizzle", code: 'import { eq } from "drizzle-orm";\nexport const x = eq;\n' },
    { what: "a drizzle subpath", code: 'import { alias } from "drizzle-orm/pg-core";\nexport const x = alias;\n' },
    { what: "the schema", code: 'import { users } from "../../db/schema";\nexport const x = users;\n' },
    { what: "the database client's type", code: 'import type { Db } from "../../db/client";\nexport type X = Db;\n' },
    { what: "the SQL helpers", code: 'import { intArray } from "../../lib/sql";\nexport const x = intArray;\n' },
    { what: "a query on the db handle", code: "export const f = (db: { select(): unknown }) => db.select();\n" },
    { what: "a transaction on deps.db", code: "export const f = (deps: { db: { transaction(): unknown } }) => deps.db.transaction();\n" },
  ])("are refused: $what", { timeout: 120_000 }, async ({ code }) => {
    expect(await problems(code)).toEqual([expect.stringMatching(/api\/services\//)]);
  });

  it("are allowed in a service, and a route may call a service with the handle", { timeout: 120_000 }, async () => {
    expect(await problems('import { eq } from "drizzle-orm";\nexport const x = eq;\n', path.join(root, "api/services/example.ts"))).toEqual([]);
    expect(await problems("export const f = (db: unknown, find: (db: unknown) => unknown) => find(db);\n")).toEqual([]);
  });

  it("are in none of the route files", { timeout: 120_000 }, async () => {
    const files = fs.readdirSync(path.join(root, "api/routes"), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(20);
    const results = await eslint.lintFiles(files.map((name) => path.join(root, "api/routes", name)));
    const found = results.flatMap((r) => r.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`));
    expect(found).toEqual([]);
  });
});
