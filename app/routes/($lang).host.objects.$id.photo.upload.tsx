import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/lib/api.server";
import { loadOwnListing, requireHost } from "~/lib/listing.server";
import { endpoints } from "../../contract/endpoints";

/**
 * POST /host/objects/{id}/photo/upload: the photo step's uploads with JavaScript. The page sends
 * each chosen file in a request of its own (XMLHttpRequest, for its upload progress) and reads
 * the JSON answer: `{ rejected: [{ name, message }], count }` (nothing rejected: the file was
 * added; `count`: the listing's photos now), or `{ error }` with the API's status. Without
 * JavaScript the step's own multipart form posts to the step page instead; both reach
 * POST /api/v1/host/objects/{id}/photos with the same guards (a visitor, a guest or another host
 * gets the same redirect or 404 as the step page).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const listing = await loadOwnListing(signedIn, params.id);
  const headers = new Headers(await signedIn.headers());
  headers.set("Cache-Control", "no-store");
  const form = await request.formData();
  const upload = new FormData();
  for (const file of form.getAll("photos")) if (file instanceof File && file.size > 0) upload.append("photos", file, file.name);
  try {
    const { rejected, object } = await signedIn.api.call(endpoints.hostListingPhotos, { params: { id: listing.id }, body: upload });
    return Response.json({ rejected, count: object.photos.length }, { headers });
  } catch (error) {
    // 503: the photo storage is down for now; its message says to try again (the other 5xx are the error page's).
    if (error instanceof ApiError && (error.status < 500 || error.status === 503)) return Response.json({ error: error.errors.photos?.[0] ?? error.message }, { status: error.status, headers });
    throw error;
  }
}
