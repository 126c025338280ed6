/** Guest directory data of SPEC section 7, under the envelope keys the spec names (sic: parameters → subtypes, nutrition → types). */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type {
  ContactsResponse,
  MobileAppsResponse,
  NutritionResponse,
  ParametersResponse,
  SubtypesResponse,
  TypesResponse,
} from "../../../../contract/directory";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../../lib/context";
import { ok } from "../../../lib/respond";
import { parseInput } from "../../../lib/validation";
import { listContacts, listMobileApps, listNutrition, listParameters, listSubtypes, listTypes } from "../../../services/directory";

const typeIdParam = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * `?keep=3,7`: retired entries with these ids are listed too. The wizard asks for a listing's own
 * type, subtype, amenities and meals, so a host reopening a step keeps what the operator retired
 * since (decision 0076); at most 100 ids, anything unreadable ignored.
 */
const keepOf = (c: Context<ApiEnv>) =>
  (c.req.query("keep") ?? "")
    .split(",")
    .slice(0, 100)
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);

export function guestDirectoryRoutes(deps: ApiDeps) {
  const { db } = deps;
  const view = (c: Context<ApiEnv>) => presentationFor(c, deps);

  return new Hono<ApiEnv>()
    .get("/types", async (c) => ok<TypesResponse>(c, { types: await listTypes(db, view(c), keepOf(c)) }))
    .get("/subtypes/:id", async (c) => {
      const typeId = parseInput(typeIdParam, c.req.param("id"), "id");
      return ok<SubtypesResponse>(c, { subtypes: await listSubtypes(db, typeId, view(c), keepOf(c)) });
    })
    .get("/parameters", async (c) => ok<ParametersResponse>(c, { subtypes: await listParameters(db, view(c), keepOf(c)) }))
    .get("/nutrition_data", async (c) => ok<NutritionResponse>(c, { types: await listNutrition(db, view(c), keepOf(c)) }))
    .get("/mobile-app", async (c) => ok<MobileAppsResponse>(c, { mobileAppDatas: await listMobileApps(db) }))
    .get("/contacts", async (c) => ok<ContactsResponse>(c, await listContacts(db, view(c))));
}
