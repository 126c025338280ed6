/**
 * A listing's photos: upload several at once (each checked and processed on its own, so one bad
 * file is refused with its reason while the others are kept), move one up or down or make it the
 * cover (the first), delete one. Order is `sort_order`; the cover is the first photo.
 */
import crypto from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { Locale } from "../../../contract/common";
import { PHOTO_MAX_BYTES, PHOTOS_MAX, type PhotoMove } from "../../../contract/listing-steps";
import { LISTING_MESSAGES } from "../../../contract/listing-text";
import type { Db } from "../../db/client";
import { estatePhotos, estates } from "../../db/schema";
import { notFound } from "../../lib/http-errors";
import { PhotoTooLarge, PhotoTooSmall, processPhoto, sniffImageType } from "./photo-processing";
import { PhotoStorageUnavailable, type PhotoStorage } from "./photo-storage";
import { unusedKeys, type OwnListing } from "./listings";

export type Rejected = { name: string; message: string };

export async function uploadPhotos(db: Db, storage: PhotoStorage, listing: OwnListing, files: File[], locale: Locale): Promise<Rejected[]> {
  const rejected: Rejected[] = [];
  const [{ n }] = await db.select({ n: count() }).from(estatePhotos).where(eq(estatePhotos.estateId, listing.id));
  let have = Number(n);
  for (const file of files) {
    const name = file.name || "photo";
    if (have >= PHOTOS_MAX) {
      rejected.push({ name, message: LISTING_MESSAGES.photoTooMany[locale] });
      continue;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      rejected.push({ name, message: LISTING_MESSAGES.photoTooBig[locale] });
      continue;
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    if (!sniffImageType(bytes)) {
      rejected.push({ name, message: LISTING_MESSAGES.photoType[locale] });
      continue;
    }
    let processed;
    try {
      processed = await processPhoto(bytes);
    } catch (error) {
      const message =
        error instanceof PhotoTooSmall
          ? LISTING_MESSAGES.photoTooSmall[locale].replace("{width}", String(error.width)).replace("{height}", String(error.height))
          : LISTING_MESSAGES[error instanceof PhotoTooLarge ? "photoTooManyPixels" : "photoUnreadable"][locale];
      rejected.push({ name, message });
      continue;
    }
    const key = `estates/${listing.id}/${crypto.randomBytes(8).toString("hex")}`;
    const files = processed.variants.map((v) => ({ key: `${key}-${v.width}.webp`, data: v.data }));
    try {
      await Promise.all(files.map((f) => storage.put(f.key, f.data)));
    } catch (error) {
      // The photos before this one are saved; this one's sizes that did get in are taken back.
      await storage.remove(files.map((f) => f.key)).catch(() => {});
      throw new PhotoStorageUnavailable(error);
    }
    await db.insert(estatePhotos).values({
      estateId: listing.id,
      key,
      width: Math.min(processed.width, 32767),
      height: Math.min(processed.height, 32767),
      variants: processed.variants.map((v) => v.width),
      sortOrder: have,
    });
    have++;
  }
  await touch(db, listing.id);
  return rejected;
}

async function ordered(db: Db, estateId: number) {
  return db.select().from(estatePhotos).where(eq(estatePhotos.estateId, estateId)).orderBy(asc(estatePhotos.sortOrder), asc(estatePhotos.id));
}

async function touch(db: Db, estateId: number) {
  // The card's cover is read from estate_photos; bumping the estate tells the search's change log.
  await db.update(estates).set({ updatedAt: new Date() }).where(eq(estates.id, estateId));
}

/** Moves a photo one place, to the front, or to a position (past the end means last). */
export async function movePhoto(db: Db, listing: OwnListing, rawPhotoId: string, to: PhotoMove) {
  const photos = await ordered(db, listing.id);
  const at = photos.findIndex((p) => String(p.id) === rawPhotoId);
  if (at < 0) throw notFound("photoNotFound");
  const order = [...photos];
  const [photo] = order.splice(at, 1);
  const target =
    typeof to === "number" ? Math.min(to, photos.length - 1) : to === "cover" ? 0 : to === "up" ? Math.max(0, at - 1) : Math.min(photos.length - 1, at + 1);
  order.splice(target, 0, photo);
  await db.transaction(async (tx) => {
    for (const [i, p] of order.entries()) {
      if (p.sortOrder !== i) await tx.update(estatePhotos).set({ sortOrder: i }).where(eq(estatePhotos.id, p.id));
    }
  });
  await touch(db, listing.id);
}

export async function deletePhoto(db: Db, storage: PhotoStorage, listing: OwnListing, rawPhotoId: string) {
  const photos = await ordered(db, listing.id);
  const photo = photos.find((p) => String(p.id) === rawPhotoId);
  if (!photo) throw notFound("photoNotFound");
  const files = await db.transaction(async (tx) => {
    await tx.delete(estatePhotos).where(and(eq(estatePhotos.id, photo.id), eq(estatePhotos.estateId, listing.id)));
    return unusedKeys(tx, [photo]);
  });
  await removeFiles(storage, files);
  await touch(db, listing.id);
}

/**
 * Removes the files of deleted photos. The rows are already gone, so a storage that fails now
 * (a bucket unreachable) leaves only unreferenced files behind: logged with their keys, never an
 * error for the host, whose photo is deleted.
 */
export async function removeFiles(storage: PhotoStorage, files: string[]): Promise<void> {
  await storage.remove(files).catch((error: unknown) => {
    console.error(`photo storage: could not remove ${files.join(", ")} (${error instanceof Error ? error.message : String(error)}); they are no longer referenced`);
  });
}
