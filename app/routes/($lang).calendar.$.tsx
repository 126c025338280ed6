/** `/calendar/…`: an alias of `/host/calendar/…` (app/routes-server/($lang).objects.$.server.ts). */
import { hostAlias } from "~/routes-server/($lang).objects.$.server";

export const loader = hostAlias;
