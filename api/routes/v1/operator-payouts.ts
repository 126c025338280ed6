/**
 * The operator's payout runs, /api/v1/operator/payouts/* (issue 29; docs/api.md "Operator"), over
 * api/services/payments/payouts.ts, the functions `npm run payouts` calls too. Behind
 * requireOperator like the rest of the operator API (anyone else: the 404 of an unknown path);
 * a run, a confirmed transfer and the transfer list (full accounts) are written to the audit log.
 */
import { Hono } from "hono";
import { z } from "zod";
import { requireOperator, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { fieldError, HttpError, notFound } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { bodyOf, queryOf } from "../../lib/request";
import { recordAudit } from "../../services/operator/audit";
import { confirmPayout, ledgerByHost, listPayoutBatches, PayoutError, runPayouts, transferList } from "../../services/payments/payouts";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/operator/payouts");

const runSchema = z.object({ until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "payoutUntil").refine((v) => !Number.isNaN(Date.parse(v)), "payoutUntil") });
const confirmSchema = z.object({ reference: z.string().trim().min(1, "payoutReference").max(200) });
const listSchema = z.object({ status: z.enum(["open", "paid"]).optional() });

const idOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound("payoutNotFound");
  return id;
};

export function operatorPayoutRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>()
    .use(requireOperator(db, auth))
    .get(at(endpoints.operatorPayouts), async (c) => {
      const { status } = queryOf(c, endpoints.operatorPayouts, listSchema);
      const rows = await listPayoutBatches(db, { status });
      // The account stays sealed here; only the transfer list opens it.
      return ok(c, endpoints.operatorPayouts, {
        batches: rows.map(({ batch, hostName, lines }) => ({
          id: batch.id,
          hostId: batch.hostId,
          hostName,
          amount: batch.amount,
          lines,
          method: batch.method,
          status: batch.status,
          until: batch.until,
          recipient: batch.details?.recipient ?? null,
          hasPayoutDetails: Boolean(batch.details?.account),
          reference: batch.reference,
          createdAt: batch.createdAt.toISOString(),
          paidAt: batch.paidAt?.toISOString() ?? null,
        })),
      });
    })
    // The ledger per host: pending, payable and in no batch, in open batches, paid (the console's first table).
    .get(at(endpoints.operatorPayoutLedger), async (c) => ok(c, endpoints.operatorPayoutLedger, { hosts: await ledgerByHost(db) }))
    .post(at(endpoints.operatorPayoutRun), async (c) => {
      const { until } = await bodyOf(c, endpoints.operatorPayoutRun, runSchema);
      const operatorId = c.get("user").id;
      const batches = await runPayouts(db, {
        until,
        onBatch: (tx, batch) => recordAudit(tx, { operatorId, action: "payout.run", objectType: "payout_batch", objectId: batch.id, after: { hostId: batch.hostId, amount: batch.amount, until } }),
      });
      return ok(c, endpoints.operatorPayoutRun, { batches: batches.map((b) => ({ id: b.id, hostId: b.hostId, amount: b.amount, until: b.until })) });
    })
    .post(at(endpoints.operatorPayoutConfirm), async (c) => {
      const id = idOf(c.req.param("id"));
      const { reference } = await bodyOf(c, endpoints.operatorPayoutConfirm, confirmSchema);
      const operatorId = c.get("user").id;
      try {
        const batch = await confirmPayout(db, id, reference, new Date(), (tx, paid) =>
          recordAudit(tx, { operatorId, action: "payout.confirm", objectType: "payout_batch", objectId: paid.id, before: { status: "open" }, after: { status: "paid", amount: paid.amount, reference: paid.reference } }),
        );
        return ok(c, endpoints.operatorPayoutConfirm, { batch: { id: batch.id, status: batch.status, reference: batch.reference, paidAt: batch.paidAt?.toISOString() ?? null } });
      } catch (error) {
        if (!(error instanceof PayoutError)) throw error;
        if (error.status === 404) throw notFound("payoutNotFound");
        if (error.status === 409) throw new HttpError(409, "payoutAlreadyPaid");
        throw fieldError("reference", "payoutReference");
      }
    })
    .get("/transfer-list", async (c) => {
      const operatorId = c.get("user").id;
      const csv = await transferList(db, deps.cipher);
      // Who read the full accounts, and when.
      await recordAudit(db, { operatorId, action: "payout.transfer_list", objectType: "payout_batch", objectId: "open" });
      return c.body(`\uFEFF${csv}`, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="konok-transfers-${new Date().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "no-store",
      });
    });
}
