/**
 * One request's work started per turn of the event loop (issue 33, "The pages' tail" in
 * docs/operations.md, decision 0085).
 *
 * Node accepts at most one new connection each time its loop polls for I/O, and it polls once per
 * turn. A turn runs every callback whose I/O is ready: with the reads kept until a write, a search
 * or estate page is rendered whole in the callback that read its request (~14 ms of the main
 * thread), so 20 busy keep-alive connections made one turn ~20 pages long, and a visitor on a new
 * connection waited a turn for each connection accepted before theirs: the last of 20 opened at
 * once waited ~20 turns of ~20 pages (p99 1.7–2.3 s beside a p50 of ~270 ms). Started one per
 * turn from the check phase, the pages' work leaves a poll between each two, so a new connection
 * waits about one page for its accept and then its place in this first-come-first-served queue.
 * The total work and its order are the same; only the polls come more often.
 */
import type { NextFunction, Request, Response } from "express";

export function oneStartPerTurn() {
  const waiting: NextFunction[] = [];
  const startNext = () => {
    const next = waiting.shift()!;
    // Queued from inside an immediate, the next start runs in the loop's next turn, after its poll.
    if (waiting.length > 0) setImmediate(startNext);
    next();
  };
  return (_req: Request, _res: Response, next: NextFunction) => {
    // A start is scheduled exactly while someone waits.
    if (waiting.push(next) === 1) setImmediate(startNext);
  };
}
