/** /chat/{id}: one conversation, from the guest's side. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChatThread } from "~/components/chat/chat-thread";
import { chatThreadAction, chatThreadLoader } from "~/lib/chat.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export const loader = (args: LoaderFunctionArgs) => chatThreadLoader(args, "guest");
export const action = (args: ActionFunctionArgs) => chatThreadAction(args, "guest");

export default function GuestChat() {
  const { thread, olderPage } = useLoaderData<typeof loader>();
  return <ChatThread thread={thread} role="guest" olderPage={olderPage} />;
}
