import type { LoaderFunctionArgs } from "@remix-run/node";
import type { HostEarnings } from "../../contract/host";
import { payoutsCsv } from "../../contract/payouts";
import { getT } from "~/i18n/i18n.server";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { endpoints } from "../../contract/endpoints";

/**
 * `/profile/earnings.csv` (auth, host mode): the host's payout lines for their accounting, with the
 * column names in their language (the earnings page links it). A resource route: no page, a file.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  let earnings: HostEarnings;
  try {
    earnings = await signedIn.api.call(endpoints.hostEarnings);
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const t = await getT(signedIn.locale, "hosting");
  // A BOM, so a spreadsheet opened by double-click reads the Cyrillic as UTF-8.
  const csv = `\uFEFF${payoutsCsv(earnings.payouts.lines, t("earnings.payouts.csvHeader").split(","))}`;
  const headers = new Headers(await signedIn.headers());
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="konok-payouts-${new Date().toISOString().slice(0, 10)}.csv"`);
  headers.set("Cache-Control", "private, no-store");
  return new Response(csv, { headers });
}
