/** /messages: an alias the host calendar links to; goes to the reader's own conversations. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesAliasLoader } from "~/routes-server/($lang).chat.server";

export const loader = (args: LoaderFunctionArgs) => messagesAliasLoader(args);
