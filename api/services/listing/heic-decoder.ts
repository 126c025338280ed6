/**
 * HEIC/HEIF from phones (HEVC inside), which sharp's bundled libvips cannot decode: `heic-decode`
 * (libheif compiled to WebAssembly) turns it into RGBA pixels for the usual sharp pipeline. The
 * WebAssembly decoder is synchronous and takes a second or more for a 12-megapixel photo, so it
 * runs in a worker thread: the event loop keeps answering other requests meanwhile. One worker,
 * started on the first HEIC and kept (not holding the process open); its decodes queue in order.
 * libheif applies the file's rotation and mirroring (irot/imir) while decoding, which is where
 * HEIF keeps an iPhone's orientation; the pixels carry no metadata, so no GPS can follow them.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type DecodedImage = { width: number; height: number; data: Uint8Array };

/** The worker: CommonJS, loads heic-decode by the absolute path the main thread resolved. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.decoder);
parentPort.on("message", async ({ id, bytes }) => {
  try {
    const image = await decode({ buffer: new Uint8Array(bytes) });
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    parentPort.postMessage({ id, width: image.width, height: image.height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Reply = { id: number; width: number; height: number; data: Uint8Array; error?: string };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (image: DecodedImage) => void; reject: (error: Error) => void }>();

function failAll(error: Error) {
  for (const waiter of pending.values()) waiter.reject(error);
  pending.clear();
  worker = null;
}

function theWorker(): Worker {
  if (worker) return worker;
  const decoder = createRequire(import.meta.url).resolve("heic-decode");
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { decoder } });
  started.unref();
  started.on("message", (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiter.reject(new Error(`HEIC decoding failed: ${reply.error}`));
    else waiter.resolve({ width: reply.width, height: reply.height, data: reply.data });
  });
  started.on("error", (error: Error) => failAll(error));
  started.on("exit", (code) => failAll(new Error(`HEIC decoder stopped (exit ${code})`)));
  worker = started;
  return started;
}

/** The RGBA pixels of an HEIC/HEIF image's primary picture, decoded off the event loop. */
export function decodeHeic(bytes: Buffer): Promise<DecodedImage> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    // A copy the worker owns: the caller's buffer may be a slice of a larger pool.
    const copy = Uint8Array.from(bytes);
    theWorker().postMessage({ id, bytes: copy }, [copy.buffer]);
  });
}
