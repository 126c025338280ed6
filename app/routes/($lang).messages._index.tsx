/** /messages: an alias the host calendar links to; goes to the reader's own conversations. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesAliasLoader } from "~/lib/chat.server";

export const loader = (args: LoaderFunctionArgs) => messagesAliasLoader(args);
