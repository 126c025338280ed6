/**
 * A host's uploaded photo into the WebP sizes the cards and the estate page use. The type is read
 * from the file's first bytes, never from its name or the browser's word. sharp does the work on
 * libuv's thread pool (and an HEIC's HEVC is decoded in a worker thread first, heic-decoder.ts), so the event loop keeps answering other requests; a small queue keeps a
 * burst of uploads from taking every thread (the search and bcrypt use that pool too).
 */
import sharp, { type Sharp } from "sharp";
import { isPhotoTooSmall } from "../../../contract/listing-steps";
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

/**
 * The most pixels a photo may have: a 48-megapixel phone photo (8064 × 6048) fits. Checked from
 * the file's header, before anything is decoded.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
/**
 * The most bytes its decoded pixels may take: width × height × channels × bytes per sample, so a
 * 16-bit PNG counts twice an 8-bit one (the pixel count alone let a 778 KB 16-bit PNG take 1.27 GB).
 */
export const PHOTO_MAX_DECODED_BYTES = 200 * 1024 * 1024;
/** A photo whose decoded pixels take more than this is "large": one large decode at a time. */
const LARGE_DECODE_BYTES = 64 * 1024 * 1024;
const MAX_PARALLEL = 2;

/** Why a photo was refused before decoding: its size, which the host can do something about. */
/** A photo too small to look right on the estate page (contract's PHOTO_MIN_SIDES), by its upright size. */
export class PhotoTooSmall extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`Photo of ${width} × ${height} is under the minimum`);
    this.name = "PhotoTooSmall";
  }
}

export class PhotoTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`Photo of ${width} × ${height} is over the limit`);
  }
}

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

let running = 0;
let largeRunning = false;
const waiting: (() => void)[] = [];

/**
 * At most two photos are worked on at once, and at most one of them large, so a burst of big
 * uploads (three 10 000 × 10 000 PNGs took 1.6–1.7 GB side by side, issue 26) waits its turn
 * instead of adding up.
 */
async function withSlot<T>(large: boolean, run: () => Promise<T>): Promise<T> {
  while (running >= MAX_PARALLEL || (large && largeRunning)) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  if (large) largeRunning = true;
  try {
    return await run();
  } finally {
    running--;
    if (large) largeRunning = false;
    // Everyone waiting looks again: the one freed slot may suit a small photo but not a large one.
    for (const wake of waiting.splice(0)) wake();
  }
}

/** HEIF brands that hold HEVC, which sharp's libvips cannot decode (AVIF it decodes itself). */
const HEVC_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];
const isHevc = (input: Buffer) => sniffImageType(input) === "image/heif" && HEVC_BRANDS.includes(String.fromCharCode(...input.subarray(8, 12)));

/**
 * What the header says, before any pixel is decoded: the upright size and the bytes the decoded
 * pixels would take. Refuses what is over the limits (PhotoTooLarge), under the minimum size
 * (PhotoTooSmall) or has no readable header.
 */
async function inspect(input: Buffer): Promise<{ width: number; height: number; decodedBytes: number }> {
  const header = await sharp(input, { failOn: "error", limitInputPixels: false }).metadata();
  if (!header.width || !header.height) throw new Error("No readable image header");
  // An HEIC is decoded to RGBA by heic-decode; anything else as the header says.
  const channels = isHevc(input) ? 4 : Math.max(1, header.channels ?? 4);
  const decodedBytes = header.width * header.height * channels * (BYTES_PER_SAMPLE[header.depth ?? "uchar"] ?? 8);
  const upright = header.autoOrient ?? { width: header.width, height: header.height };
  if (header.width * header.height > PHOTO_MAX_PIXELS || decodedBytes > PHOTO_MAX_DECODED_BYTES) throw new PhotoTooLarge(upright.width, upright.height);
  if (isPhotoTooSmall(upright.width, upright.height)) throw new PhotoTooSmall(upright.width, upright.height);
  return { ...upright, decodedBytes };
}

const SHARP_OPTIONS = { failOn: "error", limitInputPixels: PHOTO_MAX_PIXELS, sequentialRead: true } as const;

/**
 * The image as sharp takes it: the bytes themselves, or for an HEIC from a phone the RGBA pixels
 * heic-decode makes of it in a worker thread (heic-decoder.ts). A "mif1" file may hold AVIF as
 * well: when heic-decode cannot read it, sharp gets the bytes.
 */
async function sharpInput(input: Buffer): Promise<Sharp> {
  if (!isHevc(input)) return sharp(input, SHARP_OPTIONS);
  let decoded;
  try {
    decoded = await decodeHeic(input);
  } catch (error) {
    if ((await sharp(input).metadata()).compression === "hevc") throw error;
    return sharp(input, SHARP_OPTIONS);
  }
  return sharp(decoded.data, { ...SHARP_OPTIONS, raw: { width: decoded.width, height: decoded.height, channels: 4 } });
}

/**
 * Applies the EXIF orientation (HEIC: the decoder applies the file's rotation), drops every
 * metadata block (GPS included: sharp writes none unless asked), and makes the WebP variants no
 * wider than the original. Throws PhotoTooLarge for a photo over the limits, another error when
 * the bytes cannot be decoded.
 *
 * The file is read once, in order (libvips' sequential access) and shrunk while it is read (JPEG
 * decodes at 1/2, 1/4 or 1/8 of its size when that is enough) to the largest variant; the smaller
 * variants come from that. The whole photo's pixels are never held at once, except an HEIC's,
 * which its decoder gives whole (bounded by the same limits).
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const { width, height, decodedBytes } = await inspect(input);
  return withSlot(decodedBytes > LARGE_DECODE_BYTES, async () => {
    const widths = PHOTO_VARIANT_WIDTHS.filter((w) => w <= width);
    if (widths.length === 0) widths.push(PHOTO_VARIANT_WIDTHS[0]);
    const largest = widths[widths.length - 1];
    const top = await (await sharpInput(input)).autoOrient().resize({ width: largest }).raw().toBuffer({ resolveWithObject: true });
    const raw = { width: top.info.width, height: top.info.height, channels: top.info.channels };
    const variants = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        data: await sharp(top.data, { raw }).resize({ width: w }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { width, height, variants };
  });
}
