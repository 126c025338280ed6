/**
 * POST /pusher/auth (form encoded: socket_id, channel_name), pusher-js's channel authorisation:
 * the session's bearer token goes to POST /api/v1/socket/auth, which decides.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { socketAuthAction } from "~/routes-server/pusher.server";

export const action = (args: ActionFunctionArgs) => socketAuthAction(args, "channel");
