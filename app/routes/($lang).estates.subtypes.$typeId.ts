/**
 * Resource route: the subtypes of one estate type, in the page's language, for the search form's
 * subtype list when JavaScript changes the type (`/estates/subtypes/3`, `/en/estates/subtypes/3`).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { routeErrorFrom } from "~/lib/api.server";
import { apiFor } from "~/lib/request.server";
import { endpoints } from "../../contract/endpoints";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const raw = params.typeId ?? "";
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new Response("Not Found", { status: 404 });
  const typeId = Number(raw);
  try {
    const { subtypes } = await apiFor(context, params).call(endpoints.guestSubtypes, { params: { id: typeId } });
    // A minute at most: an operator's rename or retirement reaches every browser within it (decision 0076).
    return Response.json({ typeId, subtypes }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    throw routeErrorFrom(error);
  }
}
