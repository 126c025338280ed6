/** `/objects/…`: an alias of `/host/objects/…` (app/lib/host-aliases.server.ts). */
import { hostAlias } from "~/lib/host-aliases.server";

export const loader = hostAlias;
