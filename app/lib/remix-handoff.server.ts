/**
 * The loaders' data for hydration, read before the page renders, so the page can render to a string.
 *
 * With single fetch, Remix hands the page's loader data to `<RemixServer>` as a stream
 * (`serverHandoffStream`, turbo-stream), and `<RemixServer>` renders it as inline scripts inside a
 * `<Suspense>` boundary that suspends on each read of that stream. A read always waits (it is a
 * promise), so `renderToString` would give that boundary up and the browser would get no data. But
 * what `<RemixServer>` reads is kept in `renderMeta.streamCache` (one entry per read, by its order,
 * with the read's `result` or `error`; the shape is part of `EntryContext`'s type), and a read whose
 * entry is there is not made again. So the stream is read to its end here first and the cache filled
 * as `<RemixServer>` would fill it: it then renders the same scripts without suspending.
 *
 * The data is complete at once unless a loader returns a promise (no loader here does): then the
 * stream ends only when the promise settles, and a person's page should not wait for it. Such a
 * page is given to the streaming renderer with the stream as it was (`replayHandoff`).
 */
import type { EntryContext } from "@remix-run/node";

type ReadResult = ReadableStreamReadResult<Uint8Array>;

export type Handoff = {
  /** What was read so far, in order. */
  reads: ReadResult[];
  /** Whether the last read ended the stream (or failed it). */
  complete: boolean;
  /** A read that failed: `<RemixServer>` throws it where it renders the data. */
  error?: unknown;
  /** The read still under way when the wait ended, and the reader of the original stream. */
  pending?: Promise<ReadResult>;
  reader: ReadableStreamDefaultReader<Uint8Array>;
};

/**
 * Reads the page's hydration data until its stream ends or `waitMs` passes (`Infinity`: to the end).
 * `null` for a context without such a stream (single fetch off, or a stream already taken).
 */
export async function readHandoff(context: EntryContext, waitMs: number): Promise<Handoff | null> {
  const stream = context.serverHandoffStream;
  if (!stream || stream.locked) return null;
  const handoff: Handoff = { reads: [], complete: false, reader: stream.getReader() };
  let timer: NodeJS.Timeout | undefined;
  const deadline = waitMs === Infinity ? null : new Promise<"late">((resolve) => (timer = setTimeout(resolve, waitMs, "late")));
  try {
    for (;;) {
      const read = handoff.reader.read();
      const result = deadline ? await Promise.race([read, deadline]) : await read;
      if (result === "late") {
        // Left to the streaming renderer (replayHandoff), which takes this read first.
        handoff.pending = read;
        return handoff;
      }
      handoff.reads.push(result);
      if (result.done) break;
    }
  } catch (error) {
    handoff.error = error;
  } finally {
    clearTimeout(timer);
  }
  handoff.complete = true;
  return handoff;
}

/**
 * Gives `<RemixServer>` the complete data as already read: each read's entry in the cache, decoded
 * as `StreamTransfer` (@remix-run/react's single-fetch.js) decodes it, and an unread stream in place
 * of the one read here (it takes a reader of it when it renders, and never reads it).
 */
export function prefillHandoff(context: EntryContext, handoff: Handoff): void {
  if (!handoff.complete) throw new Error("prefillHandoff: the hydration data is not complete");
  const decoder = new TextDecoder();
  const streamCache: NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]> = {};
  handoff.reads.forEach((read, identifier) => {
    streamCache[identifier] = Object.assign(Promise.resolve(), { result: { done: read.done, value: decoder.decode(read.value, { stream: true }) } });
  });
  if (handoff.error !== undefined) streamCache[handoff.reads.length] = Object.assign(Promise.resolve(), { error: handoff.error });
  context.renderMeta = { ...context.renderMeta, streamCache };
  context.serverHandoffStream = new ReadableStream<Uint8Array>();
}

/**
 * For the streaming renderer, or a second render: the data as a fresh stream that gives what was
 * read, then the rest of the original, and an empty cache, as Remix made the context.
 */
export function replayHandoff(context: EntryContext, handoff: Handoff): void {
  let next = 0;
  context.renderMeta = {};
  context.serverHandoffStream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let read: ReadResult;
        if (next < handoff.reads.length) read = handoff.reads[next++];
        else if (handoff.pending) {
          const pending = handoff.pending;
          handoff.pending = undefined;
          read = await pending;
        } else read = await handoff.reader.read();
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => handoff.reader.cancel(reason),
  });
}
