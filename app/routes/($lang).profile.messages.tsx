/** /profile/messages: the guest's conversations, inside the account pages. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChatList } from "~/components/chat/chat-list";
import { chatListLoader } from "~/routes-server/($lang).chat.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export const loader = (args: LoaderFunctionArgs) => chatListLoader(args, "guest");

export default function ProfileMessages() {
  const { items } = useLoaderData<typeof loader>();
  return <ChatList items={items} role="guest" />;
}
