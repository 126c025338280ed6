/**
 * Where hosts' photos live, behind one interface so the routes, the demo seed and the server never
 * care which: a folder (`local`, DATA_DIR/uploads, the default, served by the web server under
 * /uploads) or an S3-compatible bucket (`s3`, api/services/listing/s3-storage.ts), which several
 * nodes share without a shared disk (decision 0068).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type StoredFile = { key: string; size: number };

export type PhotoStorage = {
  kind: "local" | "s3";
  /** Stores one file under a key such as `estates/12/abc-800.webp`; a reader never sees half of it. */
  put(key: string, data: Buffer): Promise<void>;
  /** Removes files; a file already gone is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Every stored file whose key starts with `prefix` ("" for all), with its size in bytes. */
  list(prefix: string): AsyncIterable<StoredFile>;
  /**
   * Where browsers fetch the files, without a trailing slash: a bucket's public address or CDN
   * (S3_PUBLIC_URL); null for this site's own /uploads.
   */
  publicUrl: string | null;
};

/**
 * The storage did not take a file (a bucket unreachable, refusing the key pair, out of space): not
 * the host's fault, so the API answers 503 with a message to try again (api/lib/error-handler.ts)
 * and logs the cause.
 */
export class PhotoStorageUnavailable extends Error {
  constructor(cause: unknown) {
    super(`photo storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "PhotoStorageUnavailable";
  }
}

/**
 * Photo keys are never reused (a new upload gets a new random key), so a week is safe; the demo
 * pool's fixed keys are the reason it is not a year (a redrawn pool reaches browsers within a week).
 * The folder's files, the bucket's objects and the /uploads proxy all say the same.
 */
export const PHOTO_CACHE_CONTROL = "public, max-age=604800";

/** Stored files are WebP variants; anything else (a stray file copied by hand) goes as bytes. */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).toLowerCase();
  return ext === ".webp" ? "image/webp" : ext === ".jpg" || ext === ".jpeg" ? "image/jpeg" : ext === ".png" ? "image/png" : "application/octet-stream";
}

/**
 * A key as the /uploads route and the migration accept it: path segments of letters, digits, `-`,
 * `_` and `.` (never `..` or an empty segment). Keys are ours, but a URL is anyone's.
 */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && key.split("/").every((part) => /^[A-Za-z0-9_.-]+$/.test(part) && part !== "." && part !== "..");
}

/** Half-written files of the folder storage and the seed: never listed, never copied. */
const isTemporary = (name: string) => name.endsWith(".part") || name.endsWith(".tmp");

/** Keys are ours (never from the request), but a key that climbs out of the folder is refused anyway. */
function inside(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key outside the uploads folder: ${key}`);
  return file;
}

export function folderStorage(root: string): PhotoStorage {
  return {
    kind: "local",
    publicUrl: null,
    async put(key, data) {
      const file = inside(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const partial = `${file}.${process.pid}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(inside(root, key), { force: true })));
    },
    async *list(prefix) {
      // Walk only the folder the prefix names (`demo/` → root/demo), then filter by the rest.
      const slash = prefix.lastIndexOf("/");
      const start = slash < 0 ? root : inside(root, prefix.slice(0, slash));
      for await (const file of walkFiles(start)) {
        const key = path.relative(root, file.path).split(path.sep).join("/");
        if (key.startsWith(prefix) && !isTemporary(key)) yield { key, size: file.size };
      }
    },
  };
}

async function* walkFiles(folder: string): AsyncGenerator<{ path: string; size: number }> {
  let dir;
  try {
    dir = await fs.opendir(folder);
  } catch {
    return; // no such folder (yet): nothing stored there
  }
  for await (const entry of dir) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walkFiles(file);
    else if (entry.isFile()) {
      const stat = await fs.stat(file).catch(() => null);
      if (stat) yield { path: file, size: stat.size };
    }
  }
}

export type CopyResult = { copied: number; present: number; bytes: number };

/**
 * Copies every file of a local uploads folder into another storage (`npm run photos:to-s3`), under
 * the same keys, so the photo rows in the database keep pointing at them. Idempotent: a file
 * already there with the same size is left alone, so a run that stopped half-way is simply run
 * again, and a last run just before switching PHOTO_STORAGE picks up what was uploaded meanwhile.
 * The folder is only read: delete it once the nodes run on the bucket.
 */
export async function copyFolderTo(
  root: string,
  target: PhotoStorage,
  opts: { concurrency?: number; log?: (line: string) => void; dryRun?: boolean } = {},
): Promise<CopyResult> {
  const there = new Map<string, number>();
  for await (const file of target.list("")) there.set(file.key, file.size);
  const result: CopyResult = { copied: 0, present: 0, bytes: 0 };
  const pending: StoredFile[] = [];
  for await (const file of folderStorage(root).list("")) {
    if (!isSafeKey(file.key)) {
      opts.log?.(`skipped ${file.key}: not a name the site serves`);
      continue;
    }
    if (there.get(file.key) === file.size) result.present++;
    else pending.push(file);
  }
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const file = pending[next++];
      if (!opts.dryRun) await target.put(file.key, await fs.readFile(inside(root, file.key)));
      result.copied++;
      result.bytes += file.size;
      if (result.copied % 500 === 0) opts.log?.(`${result.copied} of ${pending.length} copied`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
  return result;
}

/**
 * Removes the `.part` files a process left when it was killed mid-write (kill -9, a crash): the
 * rename never came, and nothing else would ever delete them. Run at start, in the background.
 * Only files untouched for `olderThanMs` go: on storage shared by several nodes another node may be
 * writing one right now (its writes take well under a second). Answers how many it removed.
 */
export async function removeStalePartFiles(root: string, olderThanMs = 10 * 60_000): Promise<number> {
  let removed = 0;
  const before = Date.now() - olderThanMs;
  for await (const file of walkFiles(root)) {
    if (!file.path.endsWith(".part")) continue;
    const stat = await fs.stat(file.path).catch(() => null);
    if (stat && stat.mtimeMs < before) {
      await fs.rm(file.path, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Without an uploads folder (tests, `npm run api`): a temporary one per process. */
export const temporaryUploadsDir = () => path.join(os.tmpdir(), `konok-uploads-${process.pid}`);
