/**
 * POST /chat/start: "Contact the host" on an estate page and "Message the guest/host" on booking
 * pages. Opens (or finds) the conversation and goes to it.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { startChatAction } from "~/routes-server/($lang).chat.server";

export const action = (args: ActionFunctionArgs) => startChatAction(args);

/** A GET here (a bookmarked form target) has nothing to show: the conversations list does. */
export const loader = ({ params }: { params: { lang?: string } }) => redirect(params.lang ? `/${params.lang}/chat` : "/chat");
