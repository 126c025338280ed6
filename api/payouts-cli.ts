/**
 * `npm run payouts -- --until YYYY-MM-DD` — a payout run (docs/operations.md, "Host payouts"):
 * gathers every ledger line payable by the end of that day (Asia/Bishkek) into one batch per host
 * and prints the batches. Then, with the transfers made:
 *
 *   npm run payouts -- --transfer-list [--batch N …] > transfers.csv   the bank transfer list (full accounts: keep it safe)
 *   npm run payouts -- --confirm N --reference "bank ref"              marks batch N paid, once
 *   npm run payouts -- --list [--open]                                 the batches so far
 *
 * Opens the database as the server does (DATABASE_URL, or PGlite in `${DATA_DIR:-./data}/pglite`;
 * stop the server first when it uses the same PGlite folder). DATA_ENCRYPTION_KEY opens the
 * payout accounts for the transfer list.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "./db/client";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "./lib/data-cipher";
import { confirmPayout, listPayoutBatches, PayoutError, runPayouts, transferList } from "./services/payments/payouts";

const USAGE = `usage: npm run payouts -- --until YYYY-MM-DD
       npm run payouts -- --transfer-list [--batch N ...]
       npm run payouts -- --confirm N --reference REF
       npm run payouts -- --list [--open]
       (any of them with --data-dir DIR)`;

export async function payoutsCommand(argv: string[], out: (line: string) => void = (line) => console.log(line), env: Record<string, string | undefined> = process.env): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      until: { type: "string" },
      confirm: { type: "string" },
      reference: { type: "string" },
      "transfer-list": { type: "boolean" },
      batch: { type: "string", multiple: true },
      list: { type: "boolean" },
      open: { type: "boolean" },
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  const chosen = [values.until !== undefined, values.confirm !== undefined, values["transfer-list"], values.list].filter(Boolean).length;
  if (values.help || chosen !== 1) {
    out(USAGE);
    if (!values.help) throw new PayoutError(422, "choose one of --until, --confirm, --transfer-list, --list");
    return;
  }
  const dataDir = path.resolve(values["data-dir"] ?? env.DATA_DIR ?? "./data");
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, "pglite") });
  try {
    const db = database.db;
    if (values.until !== undefined) {
      const batches = await runPayouts(db, { until: values.until });
      out(batches.length ? `payouts: ${batches.length} batch(es) until ${values.until}` : `payouts: nothing payable until ${values.until}`);
      for (const b of batches) out(`batch ${b.id}\thost ${b.hostId}\t${b.amount} KGS\t${b.details ? b.details.recipient : "NO PAYOUT DETAILS: ask the host before paying"}`);
    } else if (values.confirm !== undefined) {
      const id = Number(values.confirm);
      if (!Number.isInteger(id) || id <= 0) throw new PayoutError(422, `--confirm takes a batch number, got "${values.confirm}"`);
      const batch = await confirmPayout(db, id, values.reference ?? "");
      out(`payouts: batch ${batch.id} (${batch.amount} KGS to host ${batch.hostId}) marked paid, reference ${batch.reference}`);
    } else if (values["transfer-list"]) {
      const ids = values.batch?.map(Number);
      if (ids?.some((n) => !Number.isInteger(n) || n <= 0)) throw new PayoutError(422, "--batch takes batch numbers");
      out((await transferList(db, createDataCipher(env.DATA_ENCRYPTION_KEY ?? DEVELOPMENT_DATA_KEY), ids)).trimEnd());
    } else {
      for (const { batch, hostName, lines } of await listPayoutBatches(db, { status: values.open ? "open" : undefined })) {
        out(`batch ${batch.id}\t${batch.status}\thost ${batch.hostId} ${hostName}\t${batch.amount} KGS\t${lines} line(s)\tuntil ${batch.until}${batch.reference ? `\tref ${batch.reference}` : ""}`);
      }
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && /payouts-cli\.[jt]s$/.test(process.argv[1])) {
  payoutsCommand(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? `payouts: ${error.message}` : error);
    process.exit(1);
  });
}
