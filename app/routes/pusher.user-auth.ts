/** POST /pusher/user-auth (form encoded: socket_id), pusher-js's user sign-in, through the API. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { socketAuthAction } from "~/routes-server/pusher.server";

export const action = (args: ActionFunctionArgs) => socketAuthAction(args, "user");
