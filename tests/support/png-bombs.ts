/**
 * PNGs that are small files and huge pictures ("decompression bombs", issue 26): rows of zeros
 * deflate to almost nothing, so a 10 000 × 10 000 picture is a few hundred KB. Written row by row
 * through zlib, so making one holds no more than a row and the compressed output.
 */
import zlib from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `width` × `height` at 8 or 16 bits per sample, every pixel black. */
export async function blackPng(width: number, height: number, bitDepth: 8 | 16 = 8): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3 * (bitDepth / 8)); // filter byte 0, then the samples
  const deflate = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  deflate.end();
  await done;
  return Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), chunk("IHDR", ihdr), chunk("IDAT", Buffer.concat(parts)), chunk("IEND", Buffer.alloc(0))]);
}
