/** /host/chat: the host's conversations with guests (host mode). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChatList } from "~/components/chat/chat-list";
import { chatListLoader } from "~/routes-server/($lang).chat.server";
import { HostNav } from "~/components/host/host-nav";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export const loader = (args: LoaderFunctionArgs) => chatListLoader(args, "host");

export default function HostChats() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-5 sm:py-8">
      <HostNav />
      <ChatList items={items} role="host" />
    </div>
  );
}
