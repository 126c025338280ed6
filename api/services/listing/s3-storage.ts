/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, Yandex Object Storage, MinIO), for
 * several nodes without a shared disk (PHOTO_STORAGE=s3, docs/operations.md "Photos on object
 * storage", decision 0068). The official SDK is loaded only when this storage is chosen: a node on
 * the local folder never pays for it.
 */
import type { Readable } from "node:stream";
import { PHOTO_CACHE_CONTROL, contentTypeOf, folderStorage, type PhotoStorage, type StoredFile } from "./photo-storage";

export type S3Settings = {
  /** The service's address (`https://storage.yandexcloud.net`); none: AWS S3 of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch photos directly (the bucket's public address or a CDN); none: through /uploads. */
  publicUrl?: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`: what MinIO and most others expect. */
  forcePathStyle: boolean;
};

export class S3SettingsError extends Error {}

const httpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * The photo storage settings of an environment: null for the local folder (PHOTO_STORAGE unset or
 * `local`). A missing or malformed S3_* setting is refused with a message naming it.
 */
export function s3SettingsFrom(env: Record<string, string | undefined>): S3Settings | null {
  const value = (name: string) => env[name]?.trim() || undefined;
  const kind = value("PHOTO_STORAGE") ?? "local";
  if (kind === "local") return null;
  if (kind !== "s3") throw new S3SettingsError(`PHOTO_STORAGE must be local or s3 (got ${JSON.stringify(env.PHOTO_STORAGE)})`);
  const bucket = value("S3_BUCKET");
  if (!bucket) throw new S3SettingsError("S3_BUCKET is required with PHOTO_STORAGE=s3 (the bucket's name)");
  // S3's own rule for bucket names (3–63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new S3SettingsError(`S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens (got ${JSON.stringify(bucket)})`);
  const endpoint = value("S3_ENDPOINT");
  if (endpoint && !httpUrl(endpoint)) throw new S3SettingsError(`S3_ENDPOINT must be a URL starting with https:// or http:// (got ${JSON.stringify(endpoint)})`);
  const publicUrl = value("S3_PUBLIC_URL");
  if (publicUrl && !httpUrl(publicUrl)) throw new S3SettingsError(`S3_PUBLIC_URL must be a URL starting with https:// or http:// (got ${JSON.stringify(publicUrl)})`);
  const accessKeyId = value("S3_ACCESS_KEY_ID");
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new S3SettingsError(`${accessKeyId ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"} is required with ${accessKeyId ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"} (the bucket's key pair)`);
  }
  const pathStyle = value("S3_FORCE_PATH_STYLE") ?? "true";
  if (!["true", "false", "1", "0"].includes(pathStyle)) throw new S3SettingsError(`S3_FORCE_PATH_STYLE must be true or false (got ${JSON.stringify(pathStyle)})`);
  return {
    endpoint,
    bucket,
    // R2 takes `auto`, Yandex `ru-central1`; the signature needs some region, and AWS's first is the usual default.
    region: value("S3_REGION") ?? "us-east-1",
    accessKeyId,
    secretAccessKey,
    publicUrl: publicUrl?.replace(/\/+$/, ""),
    forcePathStyle: pathStyle === "true" || pathStyle === "1",
  };
}

/** One stored object opened for the /uploads route: its bytes as a stream, or "unchanged" for a matching ETag. */
export type OpenedObject = { status: 200; body: Readable; size?: number; etag?: string; lastModified?: Date; contentType?: string } | { status: 304; etag?: string };

export type S3PhotoStorage = PhotoStorage & {
  kind: "s3";
  /** Reads one object for serving; null when there is none. */
  open(key: string, ifNoneMatch?: string): Promise<OpenedObject | null>;
  /** A one-line description for the start-up log (never a key). */
  describe(): string;
  close(): void;
};

/** Deletes at a time: single DeleteObject calls (see `remove`), a few in flight. */
const DELETE_CONCURRENCY = 8;

export async function s3Storage(settings: S3Settings): Promise<S3PhotoStorage> {
  const { S3Client, PutObjectCommand, DeleteObjectCommand, ListObjectsV2Command, GetObjectCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // The SDK's default since 3.729 adds CRC32 checksums to every upload, which several S3-compatible
    // services (older MinIO, some R2 and Yandex paths) refuse; send them only where S3 requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return {
    kind: "s3",
    publicUrl: settings.publicUrl ?? null,
    async put(key, data) {
      // One PUT is atomic: the object appears whole or not at all.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentTypeOf(key), CacheControl: PHOTO_CACHE_CONTROL }));
    },
    async remove(keys) {
      // One DeleteObject per key rather than DeleteObjects: the batch call requires a Content-MD5 or
      // checksum header that some S3-compatible services read differently; a photo has three files.
      let next = 0;
      const worker = async () => {
        while (next < keys.length) await client.send(new DeleteObjectCommand({ Bucket, Key: keys[next++] }));
      };
      await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
    },
    async *list(prefix): AsyncGenerator<StoredFile> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async open(key, ifNoneMatch) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: ifNoneMatch }));
        return { status: 200, body: object.Body as Readable, size: object.ContentLength, etag: object.ETag, lastModified: object.LastModified, contentType: object.ContentType };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return { status: 304, etag: ifNoneMatch };
        if (status === 404 || (error as Error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    describe() {
      const where = settings.endpoint ? new URL(settings.endpoint).host : `AWS S3 ${settings.region}`;
      return `photos in bucket ${Bucket} at ${where}, ${settings.publicUrl ? `fetched by browsers from ${settings.publicUrl}` : "served through /uploads"}`;
    },
    close() {
      client.destroy();
    },
  };
}

/** The storage the settings name: the bucket with PHOTO_STORAGE=s3, else the uploads folder. */
export async function openPhotoStorage(settings: S3Settings | null, uploadsDir: string): Promise<PhotoStorage & { describe(): string; close(): void }> {
  if (settings) return s3Storage(settings);
  return { ...folderStorage(uploadsDir), describe: () => `photos in ${uploadsDir}, served through /uploads`, close: () => {} };
}
