/**
 * A rendered page's stream through the compression middleware (server/stream-to-response.ts),
 * over a real socket: compressed about as well as the whole page at once, and a part that comes
 * later still leaves before the page ends.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeStreamToResponse } from "../../server/stream-to-response";

/** A page as React hands it over: hundreds of small pieces at once, then a late part. */
const pieces = Array.from({ length: 600 }, (_, i) => `<div class="card"><a href="/estates/stay-${i}">Уютная квартира ${i % 40}</a><span>${1000 + (i % 90) * 100} сом</span></div>`);
const LATE = "<template>the part that waited for data</template></body></html>";
let releaseLate: () => void = () => {};
/** How many writes the last page made to the response (to the compressor, when there is one). */
let writes = 0;
let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.get("/page", (_req, res) => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        releaseLate = () => {
          controller.enqueue(encoder.encode(LATE));
          controller.close();
        };
      },
    });
    res.type("html");
    writes = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      writes++;
      return write(...args);
    }) as typeof res.write;
    void writeStreamToResponse(stream, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it.each(["gzip", "br"])("streams a page in %s about as small as the whole page compressed at once, the first burst before the late part", async (encoding) => {
  const { firstBurst, body } = await new Promise<{ firstBurst: Buffer; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/page", headers: { "Accept-Encoding": encoding } }, (res) => {
      expect(res.headers["content-encoding"]).toBe(encoding);
      const chunks: Buffer[] = [];
      let firstBurst: Buffer | null = null;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length === 1) {
          // What arrived while the late part was still held back is the first burst.
          setTimeout(() => {
            firstBurst = Buffer.concat(chunks);
            releaseLate();
          }, 300);
        }
      });
      res.on("end", () => resolve({ firstBurst: firstBurst ?? Buffer.alloc(0), body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
  const whole = pieces.join("") + LATE;
  const decode = (bytes: Buffer) => (encoding === "gzip" ? zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) : zlib.brotliDecompressSync(bytes, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }));
  expect(decode(body).toString()).toBe(whole);
  const atOnce = encoding === "gzip" ? zlib.gzipSync(whole).length : zlib.brotliCompressSync(whole, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
  // A flush after every piece made it several times larger.
  expect(body.length).toBeLessThan(atOnce * 1.2);
  // The first burst can be read on its own: the page's start reached the browser before the rest.
  expect(decode(firstBurst).toString()).toBe(pieces.join(""));
  // The 600 pieces (~70 KB) went to the compressor in two writes (one at the 64 KB mark), the late
  // part in one more: a write for every piece was 601.
  expect(writes).toBe(3);
});
