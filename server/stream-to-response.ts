/**
 * Writes a streamed page to the response (only a page that did not render to one string: something
 * on it waited on the server, app/entry.server.tsx), flushing the compressor once per burst of
 * chunks instead of after every chunk as `@remix-run/node`'s `writeReadableStreamToWritable` does.
 * React hands over a page in hundreds of small pieces; a gzip flush after each one sent an
 * uncached `/estates` as 58 KB instead of 16 KB. A burst ends when the renderer stops for I/O
 * (a `setImmediate` runs after the chunks already queued), so a streamed part still leaves at
 * once, compressed together with the rest of its burst.
 *
 * The burst's chunks are also written as one: React's web renderer hands over views of at most
 * 512 bytes, and every `res.write` costs the compressor a call of its own (a round trip to libuv's
 * thread pool each) and the socket a write when uncompressed; a signed-in page was ~200 of them.
 */
import type { Response as ExpressResponse } from "express";

/** A burst larger than this is written before it ends, so a long one is not held in memory whole. */
const MAX_HELD_BYTES = 64 * 1024;

export async function writeStreamToResponse(stream: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const flushable = res as ExpressResponse & { flush?: () => void };
  const reader = stream.getReader();
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let flushScheduled = false;
  let ended = false;
  const writeHeld = () => {
    if (held.length === 0) return;
    res.write(held.length === 1 ? held[0] : Buffer.concat(held, heldBytes));
    held = [];
    heldBytes = 0;
  };
  const flush = () => {
    flushScheduled = false;
    if (ended) return;
    writeHeld();
    flushable.flush?.();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      held.push(value);
      heldBytes += value.byteLength;
      if (heldBytes >= MAX_HELD_BYTES) writeHeld();
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    ended = true;
    writeHeld();
    res.end();
  } catch (error) {
    ended = true;
    res.destroy(error as Error);
    throw error;
  }
}
