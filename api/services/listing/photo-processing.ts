/**
 * A host's uploaded photo into the WebP sizes the cards and the estate page use. The type is read
 * from the file's first bytes, never from its name or the browser's word. sharp does the work on
 * libuv's thread pool (and an HEIC's HEVC is decoded in a worker thread first, heic-decoder.ts), so the event loop keeps answering other requests; a small queue keeps a
 * burst of uploads from taking every thread (the search and bcrypt use that pool too).
 */
import sharp, { type Sharp } from "sharp";
import { decodeHeic } from "./heic-decoder";

/** The widths the seeded photos have and `toPhoto` builds srcsets from. */
export const PHOTO_VARIANT_WIDTHS = [400, 800, 1200] as const;

export type SniffedType = "image/jpeg" | "image/png" | "image/webp" | "image/heif";

/** The image type by its magic bytes; null for anything else (a PDF renamed .jpg, say). */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  // ISO-BMFF: box size, "ftyp", then the brand. Phones write heic/heix/hevc/mif1/msf1; avif is heif too.
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif"].includes(ascii(8, 12))) {
    return "image/heif";
  }
  return null;
}

export type ProcessedPhoto = { width: number; height: number; variants: { width: number; data: Buffer }[] };

const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(run: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** HEIF brands that hold HEVC, which sharp's libvips cannot decode (AVIF it decodes itself). */
const HEVC_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];
const MAX_PIXELS = 100_000_000;

/**
 * The image as sharp takes it: the bytes themselves, or for an HEIC from a phone the RGBA pixels
 * heic-decode makes of it in a worker thread (heic-decoder.ts). A "mif1" file may hold AVIF as
 * well: when heic-decode cannot read it, sharp gets the bytes.
 */
async function sharpInput(input: Buffer): Promise<Sharp> {
  const options = { failOn: "error", limitInputPixels: MAX_PIXELS } as const;
  if (sniffImageType(input) !== "image/heif" || !HEVC_BRANDS.includes(String.fromCharCode(...input.subarray(8, 12)))) return sharp(input, options);
  // The header tells the size before anything is decoded: no decompression bombs.
  const header = await sharp(input).metadata();
  if (!header.width || !header.height || header.width * header.height > MAX_PIXELS) throw new Error("HEIC too large or unreadable");
  let decoded;
  try {
    decoded = await decodeHeic(input);
  } catch (error) {
    if (header.compression === "hevc") throw error;
    return sharp(input, options);
  }
  return sharp(decoded.data, { ...options, raw: { width: decoded.width, height: decoded.height, channels: 4 } });
}

/**
 * Applies the EXIF orientation (HEIC: the decoder applies the file's rotation), drops every
 * metadata block (GPS included: sharp writes none unless asked), and makes the WebP variants no
 * wider than the original. Throws when the bytes cannot be decoded.
 */
export function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  return withSlot(async () => {
    // Upright pixels once, then each size from them.
    const rotated = await (await sharpInput(input)).rotate().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = rotated.info;
    const widths = PHOTO_VARIANT_WIDTHS.filter((w) => w <= width);
    if (widths.length === 0) widths.push(PHOTO_VARIANT_WIDTHS[0]);
    const variants = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        data: await sharp(rotated.data, { raw: { width, height, channels } }).resize({ width: w, withoutEnlargement: false }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { width, height, variants };
  });
}
