/**
 * Where a route's server half lives (issue 28, docs/architecture.md "Finding the code"): a loader
 * or action that is not in its route module is in app/routes-server/, in a file named after a
 * route module or the start of route modules' names, so a newcomer finds it from the URL; and
 * neither app/components/ (UI) nor app/lib/ (shared helpers) holds one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.resolve(__dirname, "../../app");
const routeNames = readdirSync(path.join(app, "routes")).map((name) => name.replace(/\.tsx?$/, ""));

/** A function whose first parameter is the route's own arguments is a loader or an action. */
const routeFunction = /export (?:async )?function \w+(?:<[^>]*>)?\((?:\{[^}]*\}|\w+): (?:Loader|Action)FunctionArgs\b/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("route server files", () => {
  it("are named after a route module, or the start of route modules' names", () => {
    const names = readdirSync(path.join(app, "routes-server"));
    expect(names.length).toBeGreaterThan(0);
    const strays = names.filter((name) => {
      const match = /^(.+)\.server\.ts$/.exec(name);
      if (!match) return true;
      const stem = match[1];
      return !routeNames.some((route) => route === stem || route.startsWith(`${stem}.`));
    });
    expect(strays).toEqual([]);
  });

  it("are where loaders and actions outside app/routes are: none in app/components or app/lib", () => {
    const found = [...filesUnder(path.join(app, "components")), ...filesUnder(path.join(app, "lib"))]
      .filter((file) => routeFunction.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(app, file));
    expect(found).toEqual([]);
  });

  it("would catch a loader left in app/components", () => {
    expect(routeFunction.test("export async function loadThing({ request, params }: LoaderFunctionArgs, x: number) {")).toBe(true);
    expect(routeFunction.test("export async function loadDetail<T>(args: LoaderFunctionArgs, titleKey: string) {")).toBe(true);
    expect(routeFunction.test("export async function chatClientAction({ request }: ClientActionFunctionArgs) {")).toBe(false);
  });
});
