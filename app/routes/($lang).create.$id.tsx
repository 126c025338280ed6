import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { loadOwnListing, requireHost, stepPath } from "~/lib/listing.server";

/** /create/{id}: resumes a draft at its first unfinished step. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const listing = await loadOwnListing(signedIn, params.id);
  return redirect(stepPath(signedIn.locale, listing.id, listing.resumeStep), { headers: await signedIn.headers() });
}
