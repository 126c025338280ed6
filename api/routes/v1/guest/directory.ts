/** Guest directory data of SPEC section 7, under the envelope keys the spec names (sic: parameters → subtypes, nutrition → types). */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../../lib/context";
import { ok } from "../../../lib/respond";
import { parseInput } from "../../../lib/validation";
import { queryOf } from "../../../lib/request";
import { listContacts, listMobileApps, listNutrition, listParameters, listSubtypes, listTypes } from "../../../services/directory";
import { endpoints } from "../../../../contract/endpoints";
import { pathsUnder } from "../../../lib/endpoint-path";

const at = pathsUnder("/api/v1/guest");

const typeIdParam = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * `?keep=3,7`: retired entries with these ids are listed too. The wizard asks for a listing's own
 * type, subtype, amenities and meals, so a host reopening a step keeps what the operator retired
 * since (decision 0076); at most 100 ids, anything unreadable ignored.
 */
const keepQuery = z.object({
  keep: z
    .string()
    .optional()
    .transform((keep) =>
      (keep ?? "")
        .split(",")
        .slice(0, 100)
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number),
    ),
});

export function guestDirectoryRoutes(deps: ApiDeps) {
  const { db } = deps;
  const view = (c: Context<ApiEnv>) => presentationFor(c, deps);

  return new Hono<ApiEnv>()
    .get(at(endpoints.guestTypes), async (c) => ok(c, endpoints.guestTypes, { types: await listTypes(db, view(c), queryOf(c, endpoints.guestTypes, keepQuery).keep) }))
    .get(at(endpoints.guestSubtypes), async (c) => {
      const typeId = parseInput(typeIdParam, c.req.param("id"), "id");
      return ok(c, endpoints.guestSubtypes, { subtypes: await listSubtypes(db, typeId, view(c), queryOf(c, endpoints.guestSubtypes, keepQuery).keep) });
    })
    .get(at(endpoints.guestParameters), async (c) => ok(c, endpoints.guestParameters, { subtypes: await listParameters(db, view(c), queryOf(c, endpoints.guestParameters, keepQuery).keep) }))
    .get(at(endpoints.guestNutrition), async (c) => ok(c, endpoints.guestNutrition, { types: await listNutrition(db, view(c), queryOf(c, endpoints.guestNutrition, keepQuery).keep) }))
    .get(at(endpoints.guestMobileApps), async (c) => ok(c, endpoints.guestMobileApps, { mobileAppDatas: await listMobileApps(db) }))
    .get(at(endpoints.guestContacts), async (c) => ok(c, endpoints.guestContacts, await listContacts(db, view(c))));
}
