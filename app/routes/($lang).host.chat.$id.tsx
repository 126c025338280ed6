/** /host/chat/{id}: one conversation, from the host's side. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChatThread } from "~/components/chat/chat-thread";
import { chatClientAction, notSentSkipsRevalidation } from "~/components/chat/not-sent";
import { chatThreadAction, chatThreadLoader } from "~/routes-server/($lang).chat.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export const loader = (args: LoaderFunctionArgs) => chatThreadLoader(args, "host");
export const action = (args: ActionFunctionArgs) => chatThreadAction(args, "host");
// A message sent offline stays on the page as "not sent" (components/chat/not-sent.ts).
export const clientAction = chatClientAction;
export const shouldRevalidate = notSentSkipsRevalidation;

export default function HostChat() {
  const { thread, olderPage } = useLoaderData<typeof loader>();
  return <ChatThread thread={thread} role="host" olderPage={olderPage} />;
}
