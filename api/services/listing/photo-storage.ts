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

/**
 * Removes the `.part` files a process left when it was killed mid-write (kill -9, a crash): the
 * rename never came, and nothing else would ever delete them. Run at start, in the background.
 * Only files untouched for `olderThanMs` go: on storage shared by several nodes another node may be
 * writing one right now (its writes take well under a second). Answers how many it removed.
 */
export async function removeStalePartFiles(root: string, olderThanMs = 10 * 60_000): Promise<number> {
  let removed = 0;
  const before = Date.now() - olderThanMs;
  const walk = async (folder: string): Promise<void> => {
    let dir;
    try {
      dir = await fs.opendir(folder);
    } catch {
      return; // gone meanwhile, or no uploads folder yet
    }
    for await (const entry of dir) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile() && entry.name.endsWith(".part")) {
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < before) {
          await fs.rm(file, { force: true });
          removed++;
        }
      }
    }
  };
  await walk(root);
  return removed;
}

/** Without an uploads folder (tests, `npm run api`): a temporary one per process. */
export const temporaryUploadsDir = () => path.join(os.tmpdir(), `konok-uploads-${process.pid}`);
