/** `/objects/…`: an alias of `/host/objects/…` (app/routes-server/($lang).objects.$.server.ts). */
import { hostAlias } from "~/routes-server/($lang).objects.$.server";

export const loader = hostAlias;
