/** /messages/{id}: an alias the host calendar links to; goes to the conversation on the reader's side. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesAliasLoader } from "~/routes-server/($lang).chat.server";

export const loader = (args: LoaderFunctionArgs) => messagesAliasLoader(args);
