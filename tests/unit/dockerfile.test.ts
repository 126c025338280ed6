/**
 * The Dockerfile cannot be built on the CI machine (no Docker engine), so its promises are checked
 * here by reading it: the stages, the base image, the user, the volume, the health check, and that
 * it builds and starts the app with the very commands CI and `npm run serve` use.
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

type Instruction = {
  keyword: string;
  /** The arguments after the flags, as written (continuations joined). */
  args: string;
  /** `--from=build`, `--interval=30s`, … */
  flags: Record<string, string>;
  line: number;
};

type Stage = { index: number; name: string | null; from: string; instructions: Instruction[] };

/** A small Dockerfile reader: comments, `\` continuations, flags, exec (JSON) form, stages. */
export function parseDockerfile(text: string): { stages: Stage[]; preamble: Instruction[] } {
  const instructions: Instruction[] = [];
  const lines = text.split(/\r?\n/);
  let pending: { text: string; line: number } | null = null;
  lines.forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith("#") || (trimmed === "" && pending === null)) return;
    if (trimmed === "") return; // blank lines inside a continuation are skipped by Docker too
    const continued = trimmed.endsWith("\\");
    const part = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    pending = pending ? { text: `${pending.text} ${part}`, line: pending.line } : { text: part, line: i + 1 };
    if (!continued) {
      instructions.push(toInstruction(pending.text, pending.line));
      pending = null;
    }
  });
  if (pending !== null) throw new Error(`Dockerfile ends inside a line continuation (line ${(pending as { line: number }).line})`);

  const stages: Stage[] = [];
  const preamble: Instruction[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`Unreadable FROM on line ${instruction.line}: ${instruction.args}`);
      stages.push({ index: stages.length, name: match[2] ?? null, from: match[1], instructions: [] });
    } else if (stages.length === 0) {
      preamble.push(instruction);
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { stages, preamble };
}

function toInstruction(text: string, line: number): Instruction {
  const match = /^(\S+)\s*(.*)$/.exec(text);
  if (!match) throw new Error(`Unreadable Dockerfile line ${line}`);
  const keyword = match[1].toUpperCase();
  let rest = match[2];
  const flags: Record<string, string> = {};
  for (;;) {
    const flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest);
    if (!flag) break;
    flags[flag[1]] = flag[2] ?? "true";
    rest = rest.slice(flag[0].length);
  }
  return { keyword, args: rest.trim(), flags, line };
}

/** `["node", "x.js"]` → the array; a shell form stays one string in an array. */
function execForm(args: string): string[] {
  if (args.startsWith("[")) {
    const parsed: unknown = JSON.parse(args);
    if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === "string")) throw new Error(`Not an exec form: ${args}`);
    return parsed;
  }
  return [args];
}

/** `ENV A=1 B=2` (and the legacy `ENV A 1`) as a map. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== "ENV") continue;
    if (!args.includes("=")) {
      const [name, ...value] = args.split(/\s+/);
      env[name] = value.join(" ");
      continue;
    }
    for (const pair of args.match(/(\S+?)=("[^"]*"|\S*)/g) ?? []) {
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      env[name] = value.replace(/^"(.*)"$/, "$1");
    }
  }
  return env;
}

const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === "RUN").flatMap((i) => i.args.split(/\s*&&\s*/));
const only = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

const root = path.resolve(".");
const packageJson = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
};

describe("parseDockerfile", () => {
  it("reads stages, flags, continuations and comments", () => {
    const { stages, preamble } = parseDockerfile(
      ["ARG X=1", "# comment", "FROM a:1 AS one", "RUN echo a \\", "  && echo b", "", "FROM one", 'COPY --from=one --chown=1:1 /x /y', 'CMD ["node", "x.js"]'].join("\n"),
    );
    expect(preamble.map((i) => i.keyword)).toEqual(["ARG"]);
    expect(stages.map((s) => [s.name, s.from])).toEqual([
      ["one", "a:1"],
      [null, "one"],
    ]);
    expect(runs(stages[0])).toEqual(["echo a", "echo b"]);
    expect(stages[1].instructions[0]).toMatchObject({ keyword: "COPY", flags: { from: "one", chown: "1:1" }, args: "/x /y" });
    expect(execForm(stages[1].instructions[1].args)).toEqual(["node", "x.js"]);
  });
});

describe("Dockerfile", () => {
  let stages: Stage[];
  let runtime: Stage;
  let buildStage: Stage;

  beforeAll(() => {
    stages = parseDockerfile(fs.readFileSync(path.join(root, "Dockerfile"), "utf8")).stages;
    runtime = stages[stages.length - 1];
    const found = stages.find((s) => s.name === "build");
    if (!found) throw new Error("The Dockerfile has no stage named `build`");
    buildStage = found;
  });

  it("is multi-stage on node:20-bookworm-slim", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const stageNames = new Set(stages.map((s) => s.name).filter(Boolean));
    for (const stage of stages) {
      // Each stage starts from the base image or from an earlier stage.
      if (!stageNames.has(stage.from)) expect(stage.from).toBe("node:20-bookworm-slim");
    }
    expect(runtime.from).toBe("node:20-bookworm-slim");
  });

  it("installs all dependencies for the build, and only production ones at run time", () => {
    const deps = stages.find((s) => s.name === buildStage.from) ?? buildStage;
    expect(runs(deps).some((r) => /^npm ci(\s|$)/.test(r) && !r.includes("--omit=dev"))).toBe(true);
    expect(runs(runtime).some((r) => /^npm ci\b.*--omit=dev/.test(r))).toBe(true);
    expect(runs(runtime).some((r) => /npm (run )?build/.test(r))).toBe(false);
  });

  it("builds with exactly the script CI builds with", () => {
    // CI: `npm test` runs the `build` script (beside the typecheck and lint, through
    // scripts/run-parallel.mjs, which runs `npm run <name>`), as `npm run test:e2e` does alone.
    // The image must build the same way.
    expect(packageJson.scripts.test).toMatch(/node scripts\/run-parallel\.mjs [\w: ]*\bbuild\b/);
    expect(packageJson.scripts["test:e2e"]).toMatch(/(^|&&\s*)npm run build(\s*&&|$)/);
    expect(runs(buildStage).filter((r) => r.includes("build"))).toEqual(["npm run build"]);
  });

  it("starts the way `npm run serve` does", () => {
    const cmds = only(runtime, "CMD");
    expect(cmds).toHaveLength(1);
    const cmd = execForm(cmds[0].args);
    expect(cmd.length, "CMD uses the exec form, so node gets SIGTERM directly").toBeGreaterThan(1);
    expect(cmd.join(" ")).toBe(packageJson.scripts.serve);
    expect(only(runtime, "ENTRYPOINT")).toHaveLength(0);
  });

  it("runs as a non-root user", () => {
    const users = only(runtime, "USER");
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1].args.split(":")[0];
    expect(["root", "0", ""]).not.toContain(user);
    // The user is switched before the process starts, i.e. after the last RUN that needs root.
    const lastUser = runtime.instructions.lastIndexOf(users[users.length - 1]);
    const cmd = runtime.instructions.findIndex((i) => i.keyword === "CMD");
    expect(lastUser).toBeLessThan(cmd);
  });

  it("keeps its data in the /data volume and listens on 3000 in production", () => {
    const volumes = only(runtime, "VOLUME").flatMap((v) => (v.args.startsWith("[") ? execForm(v.args) : v.args.split(/\s+/)));
    expect(volumes).toContain("/data");
    expect(only(runtime, "EXPOSE").map((e) => e.args)).toContain("3000");
    expect(envOf(runtime)).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data", PORT: "3000" });
    // glibc reads it when the process starts, so it has to be in the image's environment (decision 0053).
    expect(envOf(runtime)).toMatchObject({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" });
  });

  it("checks its health on /healthz with node (the slim image has no curl)", () => {
    const checks = only(runtime, "HEALTHCHECK");
    expect(checks).toHaveLength(1);
    const check = checks[0].args;
    expect(check).toMatch(/^CMD\s/);
    const command = execForm(check.replace(/^CMD\s+/, ""));
    expect(command[0]).toBe("node");
    expect(command.join(" ")).toContain("/healthz");
    expect(command.join(" ")).not.toMatch(/\b(curl|wget)\b/);
  });

  describe("what the runtime stage copies", () => {
    let copied: string[];
    let produced: string[];

    beforeAll(async () => {
      const workdir = only(buildStage, "WORKDIR").pop()?.args ?? only(stages.find((s) => s.name === buildStage.from) ?? buildStage, "WORKDIR").pop()?.args ?? "/";
      copied = only(runtime, "COPY")
        .filter((c) => c.flags.from === "build")
        .map((c) => {
          const [source] = execForm(c.args.startsWith("[") ? c.args : JSON.stringify(c.args.split(/\s+/)));
          return path.posix.relative(workdir, path.posix.resolve(workdir, source));
        });
      produced = await buildOutputs();
    });

    it("copies the build output and the static files from the build stage", () => {
      expect(copied.sort()).toEqual(["build", "dist", "public"]);
      // Nothing else from the build context reaches the runtime stage: only the manifests to install
      // from, and the dependency patches that install applies (decision 0049).
      const fromContext = only(runtime, "COPY").filter((c) => !c.flags.from);
      expect(fromContext.flatMap((c) => c.args.split(/\s+/).slice(0, -1)).sort()).toEqual(["package-lock.json", "package.json", "patches"]);
    });

    it("copies only what is in the repository or produced by `npm run build`", () => {
      for (const source of copied) {
        const inRepository = fs.existsSync(path.join(root, source)) && !isBuildOutput(source, produced);
        const fromBuild = produced.some((p) => p === source || p.startsWith(`${source}/`));
        expect(inRepository || fromBuild, `${source} is neither a source folder nor made by the build`).toBe(true);
      }
    });

    it("covers everything the build produces and the server needs", () => {
      expect(produced).toEqual(expect.arrayContaining(["build", "dist/server.js", "dist/migrations"]));
      for (const output of produced) {
        expect(copied.some((c) => output === c || output.startsWith(`${c}/`)), `${output} is not copied into the image`).toBe(true);
      }
    });

    it("after a build, has every file it copies and needs only production packages", () => {
      const server = path.join(root, "dist", "server.js");
      if (!fs.existsSync(server)) return; // not built yet (CI runs unit tests before the build)
      for (const required of ["dist/server.js", "dist/konok-server.js", "dist/operator.js", "dist/migrations/meta/_journal.json", "build/server/index.js", "build/client/builds/latest.json", "public/favicon.svg"]) {
        expect(fs.existsSync(path.join(root, required)), `${required} missing after the build`).toBe(true);
      }
      // `npm ci --omit=dev` leaves dev packages out: the bundles must not import one.
      // Remix's server build is an entry and the chunks it imports (build/server/assets/*.js).
      const serverBuild = fs.readdirSync(path.join(root, "build", "server", "assets")).filter((f) => f.endsWith(".js")).map((f) => `build/server/assets/${f}`);
      for (const bundle of ["dist/server.js", "dist/konok-server.js", "dist/operator.js", "build/server/index.js", ...serverBuild]) {
        for (const name of importedPackages(fs.readFileSync(path.join(root, bundle), "utf8"))) {
          const entry = lock.packages[`node_modules/${name}`];
          expect(entry, `${bundle} imports ${name}, which package-lock.json does not install`).toBeDefined();
          expect(entry?.dev || entry?.devOptional ? `${name} (dev only)` : name, `${bundle} imports a dev dependency`).toBe(name);
        }
      }
    });
  });
});

function isBuildOutput(source: string, produced: string[]) {
  return produced.some((p) => p === source || source.startsWith(`${p}/`));
}

/**
 * What `npm run build` writes, read from its own parts: the Remix Vite plugin's output folder
 * (remix.config.js's buildDirectory, with Remix's default) and the server bundle script's `outfile`s, `bundle()` calls and copies.
 */
async function buildOutputs(): Promise<string[]> {
  const outputs: string[] = [];
  for (const command of packageJson.scripts.build.split(/\s*&&\s*/)) {
    if (/^remix vite:build\b/.test(command)) {
      // Remix's Vite plugin writes <buildDirectory>/server and <buildDirectory>/client.
      const config = ((await import(pathToFileURL(path.join(root, "remix.config.js")).href)) as { default: Record<string, string | undefined> }).default;
      outputs.push(config.buildDirectory ?? "build");
    } else if (/^node scripts\/\S+\.m?js$/.test(command)) {
      const script = fs.readFileSync(path.join(root, command.split(/\s+/)[1]), "utf8");
      for (const m of script.matchAll(/outfile:\s*["']([^"']+)["']/g)) outputs.push(m[1]);
      // scripts/build-server.mjs's own helper: bundle(entry, outfile).
      for (const m of script.matchAll(/\bbundle\(\s*["'][^"']+["']\s*,\s*["']([^"']+)["']/g)) outputs.push(m[1]);
      for (const m of script.matchAll(/outdir:\s*["']([^"']+)["']/g)) outputs.push(m[1]);
      for (const m of script.matchAll(/cpSync\(\s*["'][^"']+["']\s*,\s*["']([^"']+)["']/g)) outputs.push(m[1]);
    } else {
      throw new Error(`Unknown build step "${command}": teach tests/unit/dockerfile.test.ts what it produces`);
    }
  }
  return outputs.map((o) => path.posix.normalize(o).replace(/\/$/, ""));
}

const PACKAGE_SPECIFIER = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.@/-]*)?$/;

/** Bare package names a bundle imports (static, dynamic and re-exports), without node builtins. */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  const patterns = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /\bimport\s*["']([^"']+)["']/g, /\brequire\(\s*["']([^"']+)["']\s*\)/g];
  for (const pattern of patterns) {
    for (const m of code.matchAll(pattern)) {
      const specifier = m[1];
      if (!PACKAGE_SPECIFIER.test(specifier) || specifier.startsWith("node:") || isBuiltin(specifier)) continue;
      const parts = specifier.split("/");
      names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  return names;
}

const builtins = new Set(builtinModules);
function isBuiltin(name: string) {
  return builtins.has(name) || builtins.has(name.split("/")[0]);
}
