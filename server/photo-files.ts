/**
 * /uploads: the photos, with the same long cache header whichever storage holds them. From the
 * folder, Express's static files; from a bucket, each request reads the object through the
 * storage's own credentials and streams it on (the bucket may stay private, and pages need no
 * other origin). With S3_PUBLIC_URL browsers fetch the bucket directly and this route only
 * answers links made before the switch (decision 0068).
 */
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler } from "express";
import { PHOTO_CACHE_CONTROL, contentTypeOf, isSafeKey, type PhotoStorage } from "../api/services/listing/photo-storage";
import type { S3PhotoStorage } from "../api/services/listing/s3-storage";

export function photoFiles(storage: PhotoStorage, uploadsDir: string): RequestHandler {
  if (storage.kind === "local") {
    // fallthrough false: a missing photo is this route's 404, never a page render.
    return express.static(uploadsDir, { fallthrough: false, setHeaders: (res) => res.setHeader("Cache-Control", PHOTO_CACHE_CONTROL) });
  }
  const bucket = storage as S3PhotoStorage;
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void res.status(405).setHeader("Allow", "GET, HEAD").type("text/plain").send("Method not allowed");
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\/+/, ""));
    } catch {
      key = "";
    }
    if (!isSafeKey(key)) return void res.status(404).type("text/plain").send("Not found");
    const ifNoneMatch = req.headers["if-none-match"];
    bucket.open(key, typeof ifNoneMatch === "string" ? ifNoneMatch : undefined).then(async (object) => {
      if (!object) return void res.status(404).type("text/plain").send("Not found");
      res.setHeader("Cache-Control", PHOTO_CACHE_CONTROL);
      if (object.etag) res.setHeader("ETag", object.etag);
      if (object.status === 304) return void res.status(304).end();
      res.setHeader("Content-Type", object.contentType && object.contentType !== "application/octet-stream" ? object.contentType : contentTypeOf(key));
      if (object.size !== undefined) res.setHeader("Content-Length", String(object.size));
      if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
      if (req.method === "HEAD") {
        object.body.destroy();
        return void res.end();
      }
      // A visitor who leaves mid-photo ends the pipeline; the bucket's stream is closed with it.
      await pipeline(object.body, res).catch(() => {});
    }, (error: unknown) => {
      // The bucket unreachable or refusing: the photo exists, just not now. Say so, and to retry.
      console.error(`GET /uploads/${key}: photo storage unavailable (${error instanceof Error ? error.message : String(error)})`);
      if (res.headersSent) return void res.destroy();
      res.status(503).setHeader("Retry-After", "30").type("text/plain").send("Photo storage unavailable");
    });
  };
}
