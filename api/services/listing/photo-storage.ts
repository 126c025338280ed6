/**
 * Where hosts' photos live. One interface, so an object-store adapter (S3 and the like) can take
 * the place of the folder later without the routes noticing; today it is DATA_DIR/uploads, which
 * the web server serves under /uploads.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type PhotoStorage = {
  /** Stores one file under a key such as `estates/12/abc-800.webp`. */
  put(key: string, data: Buffer): Promise<void>;
  /** Removes files; a file already gone is not an error. */
  remove(keys: string[]): Promise<void>;
};

/** Keys are ours (never from the request), but a key that climbs out of the folder is refused anyway. */
function inside(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key outside the uploads folder: ${key}`);
  return file;
}

export function folderStorage(root: string): PhotoStorage {
  return {
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
  };
}

/** Without an uploads folder (tests, `npm run api`): a temporary one per process. */
export const temporaryUploadsDir = () => path.join(os.tmpdir(), `konok-uploads-${process.pid}`);
