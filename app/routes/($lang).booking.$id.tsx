/**
 * `/booking/{numeric id}`: an alias of the host's `/host/booking/{id}` (app/routes-server/($lang).objects.$.server.ts).
 * `/booking`, `/booking/confirm`, `/booking/success` and `/booking/fail` are the guest's own routes.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { hostAlias } from "~/routes-server/($lang).objects.$.server";

export function loader(args: LoaderFunctionArgs) {
  if (!/^\d{1,9}$/.test(args.params.id ?? "")) throw new Response("Not Found", { status: 404 });
  return hostAlias(args);
}
