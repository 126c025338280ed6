/**
 * A small HTTP server with the production crash policy (server/crash.ts) and request ids
 * (server/edge.ts), run as a child process by tests/unit/crash-policy.test.ts: `/slow` answers
 * after 600 ms, `/throw` throws where no error handling reaches (a timer callback), `/reject`
 * leaves a rejected promise unhandled.
 */
import express from "express";
import { exitOnUncaught } from "../../server/crash";
import { requestIds } from "../../server/edge";

const app = express();
const ids = requestIds();
app.use(ids);
app.get("/slow", (_req, res) => void setTimeout(() => res.send("slow done"), 600));
app.get("/throw", () => void setTimeout(() => { throw new Error("boom outside any request"); }, 10));
app.get("/reject", () => void Promise.reject(new Error("rejected and forgotten")));
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
exitOnUncaught({
  inFlight: ids.inFlight,
  graceMs: Number(process.env.GRACE_MS ?? 3000),
  close: async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    console.log("closed cleanly");
  },
});
