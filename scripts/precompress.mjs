// Writes `.br` (brotli, quality 11) and `.gz` (gzip, level 9) beside each `.js` and `.css` under a
// folder, for server/precompressed.ts (docs/decisions/0050-compressed-once-and-streamed-in-bursts.md). A copy
// that would not be smaller than its file is not written, and stale copies are removed first.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

export function precompress(dir) {
  for (const file of walk(dir).filter((f) => f.endsWith(".br") || f.endsWith(".gz"))) fs.rmSync(file);
  let files = 0;
  for (const file of walk(dir).filter((f) => /\.(js|css)$/.test(f))) {
    const bytes = fs.readFileSync(file);
    const copies = {
      ".br": zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      ".gz": zlib.gzipSync(bytes, { level: 9 }),
    };
    for (const [suffix, copy] of Object.entries(copies)) if (copy.length < bytes.length) fs.writeFileSync(file + suffix, copy);
    files++;
  }
  return files;
}
