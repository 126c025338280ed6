/**
 * The host's listings (the listing wizard's API), all under /api/v1/host/objects:
 * GET / (the host's listings in groups), GET /search (a page of them found by words, status and
 * kind), POST / (a new draft), GET /places (where a listing can
 * be), GET /{id}, PUT /{id}/steps/{step}, POST /{id}/photos (multipart), POST
 * /{id}/photos/{photoId}/move, DELETE /{id}/photos/{photoId}, POST /{id}/publish, /unpublish,
 * /duplicate, DELETE /{id} (a draft), GET /{id}/preview. Only the listing's host may see or touch
 * it; for anyone else it does not exist (404).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createListingSchema, hasSchema, hasStep, hostListingsQuerySchema, isStepId, movePhotoSchema, stepSchemas, type Listing } from "../../../../contract/listing-steps";
import { todayInBishkek } from "../../../../contract/dates";
import { requireHostMode, requireUser, type AuthedEnv } from "../../../lib/auth";
import { presentationFor, type AccountDeps } from "../../../lib/context";
import { fieldError, HttpError, notFound } from "../../../lib/http-errors";
import { localize } from "../../../lib/locale";
import { ok } from "../../../lib/respond";
import { bodyOf, queryOf } from "../../../lib/request";
import { PLACES } from "../../../seed/places";
import { getEstateDetail } from "../../../services/estate-detail";
import { deletePhoto, movePhoto, removeFiles, uploadPhotos } from "../../../services/listing/listing-photos";
import {
  createListing,
  deleteDraft,
  duplicateListing,
  findOwnListing,
  listOwnListings,
  presentListing,
  presentListings,
  publishListing,
  saveStep,
  searchOwnListings,
  unpublishListing,
} from "../../../services/listing/listings";
import { folderStorage, temporaryUploadsDir } from "../../../services/listing/photo-storage";
import { endpoints } from "../../../../contract/endpoints";
import { pathsUnder } from "../../../lib/endpoint-path";

const at = pathsUnder("/api/v1/host/objects");

/** One upload request: a phone sends a handful of photos at a time; each file is also held to 20 MB. */
const UPLOAD_REQUEST_MAX = 110 * 1024 * 1024;

export function hostObjectRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  const storage = deps.photos ?? folderStorage(deps.uploadsDir ?? temporaryUploadsDir());

  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth), requireHostMode())
    .get(at(endpoints.hostListings), async (c) => {
      const rows = await listOwnListings(db, c.get("user").id);
      const all = await presentListings(db, rows, presentationFor(c, deps), deps.cipher);
      const by = (status: Listing["status"]) => all.filter((l) => l.status === status);
      return ok(c, endpoints.hostListings, { drafts: by("draft"), published: by("published"), unpublished: by("unpublished") });
    })
    .get(at(endpoints.hostListingSearch), async (c) => {
      const query = queryOf(c, endpoints.hostListingSearch, hostListingsQuerySchema);
      const { rows, total, counts } = await searchOwnListings(db, c.get("user").id, query);
      const items = await presentListings(db, rows, presentationFor(c, deps), deps.cipher);
      const lastPage = Math.max(1, Math.ceil(total / query.perPage));
      return ok(c, endpoints.hostListingSearch, { items, page: query.page, perPage: query.perPage, total, lastPage, counts });
    })
    .post(at(endpoints.hostListingCreate), async (c) => {
      const input = await bodyOf(c, endpoints.hostListingCreate, createListingSchema);
      const row = await createListing(db, c.get("user").id, input);
      return ok(c, endpoints.hostListingCreate, { object: await presentListing(db, row, presentationFor(c, deps), deps.cipher) }, 201);
    })
    .get(at(endpoints.hostPlaces), (c) => {
      const locale = c.get("locale");
      const places = PLACES.map((p) => ({ slug: p.slug, name: localize(p.name, locale), names: [...new Set(Object.values(p.name))], region: p.region, lat: p.lat, lng: p.lng }));
      return ok(c, endpoints.hostPlaces, { places: places.sort((a, b) => a.name.localeCompare(b.name, locale)) });
    })
    .get(at(endpoints.hostListing), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      return ok(c, endpoints.hostListing, { object: await presentListing(db, row, presentationFor(c, deps), deps.cipher) });
    })
    .get(at(endpoints.hostListingPreview), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      const estate = await getEstateDetail(db, String(row.id), null, presentationFor(c, deps), { ownerId: row.hostId });
      return ok(c, endpoints.hostListingPreview, { estate });
    })
    .put(at(endpoints.hostListingStep), async (c) => {
      const step = c.req.param("step");
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      if (!isStepId(step)) throw notFound("stepNotFound");
      // A step the listing's kind does not have is not found, whatever its body.
      if (!hasStep(row.kind, step)) throw new HttpError(404, "stepNotInKind");
      // The step's own schema (the web form's, contract/listing-steps.ts), its messages as catalogue
      // keys the error layer writes in the request's language; a screen that only explains has no
      // fields, as the photo step. Typed as any step's schema: the map's body is any step's.
      const schemas = stepSchemas(c.get("locale"), todayInBishkek(), "keys");
      const input = await bodyOf(c, endpoints.hostListingStep, schemas[hasSchema(step) ? step : "photo"]);
      const saved = await saveStep(db, row, step, input, deps.cipher, { review: deps.listingReview });
      return ok(c, endpoints.hostListingStep, { object: await presentListing(db, saved, presentationFor(c, deps), deps.cipher) });
    })
    .post(
      at(endpoints.hostListingPhotos),
      bodyLimit({ maxSize: UPLOAD_REQUEST_MAX, onError: () => { throw fieldError("photos", "uploadTooLarge"); } }),
      async (c) => {
        const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
        const form = await c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
        const raw = (form as Record<string, unknown>)["photos"];
        const files = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((f): f is File => f instanceof File && f.size > 0);
        const rejected = await uploadPhotos(db, storage, row, files, c.get("locale"));
        const fresh = await findOwnListing(db, String(row.id), row.hostId);
        return ok(c, endpoints.hostListingPhotos, { object: await presentListing(db, fresh, presentationFor(c, deps), deps.cipher), rejected });
      },
    )
    .post(at(endpoints.hostListingPhotoMove), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      const { to } = await bodyOf(c, endpoints.hostListingPhotoMove, movePhotoSchema);
      await movePhoto(db, row, c.req.param("photoId"), to);
      return ok(c, endpoints.hostListingPhotoMove, { object: await presentListing(db, row, presentationFor(c, deps), deps.cipher) });
    })
    .delete(at(endpoints.hostListingPhotoRemove), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      await deletePhoto(db, storage, row, c.req.param("photoId"));
      return ok(c, endpoints.hostListingPhotoRemove, { object: await presentListing(db, row, presentationFor(c, deps), deps.cipher) });
    })
    .post(at(endpoints.hostListingPublish), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      const published = await publishListing(db, row, { review: deps.listingReview });
      return ok(c, endpoints.hostListingPublish, { object: await presentListing(db, published, presentationFor(c, deps), deps.cipher) });
    })
    .post(at(endpoints.hostListingUnpublish), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      return ok(c, endpoints.hostListingUnpublish, { object: await presentListing(db, await unpublishListing(db, row), presentationFor(c, deps), deps.cipher) });
    })
    .post(at(endpoints.hostListingDuplicate), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      return ok(c, endpoints.hostListingDuplicate, { object: await presentListing(db, await duplicateListing(db, row), presentationFor(c, deps), deps.cipher) }, 201);
    })
    .delete(at(endpoints.hostListingRemove), async (c) => {
      const row = await findOwnListing(db, c.req.param("id"), c.get("user").id);
      const files = await deleteDraft(db, row);
      await removeFiles(storage, files);
      return ok(c, endpoints.hostListingRemove, { deleted: row.id });
    });
}
