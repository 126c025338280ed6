/**
 * Writes a rendered page's stream to the response, flushing the compressor once per burst of
 * chunks instead of after every chunk as `@remix-run/node`'s `writeReadableStreamToWritable` does.
 * React hands over a page in hundreds of small pieces; a gzip flush after each one sent an
 * uncached `/estates` as 58 KB instead of 16 KB. A burst ends when the renderer stops for I/O
 * (a `setImmediate` runs after the chunks already queued), so a streamed part still leaves at
 * once, compressed together with the rest of its burst.
 */
import type { Response as ExpressResponse } from "express";

export async function writeStreamToResponse(stream: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const flushable = res as ExpressResponse & { flush?: () => void };
  const reader = stream.getReader();
  let flushScheduled = false;
  let ended = false;
  const flush = () => {
    flushScheduled = false;
    if (!ended) flushable.flush?.();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    ended = true;
    res.end();
  } catch (error) {
    ended = true;
    res.destroy(error as Error);
    throw error;
  }
}
