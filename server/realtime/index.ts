/** The embedded realtime server in one piece: the WebSocket side and the HTTP API for an HTTP server. */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { pusherHttpApi } from "./http-api";
import { createPusherServer, type PusherServerOptions } from "./pusher-server";

export type { RealtimeApp } from "./signatures";
export { CODES } from "./pusher-server";

export function createRealtime(options: PusherServerOptions) {
  const server = createPusherServer(options);
  const httpApi = pusherHttpApi(server);
  return {
    server,
    /** Express/Node middleware for /apps/{id}/…: answers it or calls next. */
    middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      if (!httpApi(req, res)) next();
    },
    handleHttp: httpApi,
    attach: (http: Server) => server.attach(http),
    close: () => server.close(),
  };
}
