/**
 * `npm run operator -- create --phone 996XXXXXXXXX --password '…' [--name 'First Last']`
 * `npm run operator -- list`
 * `npm run operator -- remove --phone 996XXXXXXXXX`
 *
 * The only way to make an operator (issue 31): a command on the server, against the same database
 * as the server (DATABASE_URL, or PGlite in `${DATA_DIR:-./data}/pglite`; `--data-dir` overrides
 * DATA_DIR). An empty database is migrated first. A PGlite folder belongs to one process at a time:
 * while the server runs on it, this says so and changes nothing. Bundled into dist/operator.js by
 * `npm run build`, so the production image runs it without development tools.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "./db/client";
import { createOperator, listOperators, OperatorCommandError, removeOperator } from "./services/operator/operators";

const USAGE = [
  "usage: npm run operator -- create --phone 996XXXXXXXXX --password '…' [--name 'First Last'] [--data-dir DIR]",
  "       npm run operator -- list [--data-dir DIR]",
  "       npm run operator -- remove --phone 996XXXXXXXXX [--data-dir DIR]",
].join("\n");

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      phone: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (!["create", "list", "remove"].includes(command) || positionals.length > 1) throw new OperatorCommandError(`Unknown command "${positionals.join(" ")}"\n${USAGE}`);
  if (command !== "list" && !values.phone) throw new OperatorCommandError(`${command} needs --phone\n${USAGE}`);
  if (command === "create" && !values.password) throw new OperatorCommandError(`create needs --password\n${USAGE}`);

  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "./data");
  const folder = path.join(dataDir, "pglite");
  const database = await openDatabase(url ? { url } : { dataDir: folder }).catch((error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    if (/in use by another Konok process/.test(text)) {
      throw new OperatorCommandError(`${text}\nOn the embedded database one process at a time: stop the server, run this command, then start the server again.`);
    }
    throw new OperatorCommandError(`Cannot open the database (${url ? "DATABASE_URL" : folder}): ${text}`);
  });
  try {
    if (command === "create") {
      const [firstName, ...rest] = (values.name ?? "").trim().split(/\s+/);
      const made = await createOperator(database.db, { phone: values.phone!, password: values.password!, firstName, lastName: rest.join(" ") });
      console.log(`Operator created: ${made.phone} (${made.name}, id ${made.id}). They sign in on the usual sign-in page and reach /admin.`);
    } else if (command === "remove") {
      const gone = await removeOperator(database.db, values.phone!);
      console.log(`Operator removed: ${gone.phone} (${gone.name}, id ${gone.id}); their sessions have ended.`);
    } else {
      const all = await listOperators(database.db);
      if (all.length === 0) console.log("No operators. Create one with: npm run operator -- create --phone 996XXXXXXXXX --password '…'");
      for (const o of all) console.log(`${o.phone}\t${o.name}\tid ${o.id}\tsince ${o.createdAt.slice(0, 10)}`);
    }
  } finally {
    await database.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof OperatorCommandError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") ? (error as Error).message : error);
    process.exit(1);
  },
);
