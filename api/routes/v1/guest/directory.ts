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

export function guestDirectoryRoutes(deps: ApiDeps) {
  const { db } = deps;
  const view = (c: Context<ApiEnv>) => presentationFor(c, deps);

  return new Hono<ApiEnv>()
    .get("/types", async (c) => ok<TypesResponse>(c, { types: await listTypes(db, view(c)) }))
    .get("/subtypes/:id", async (c) => {
      const typeId = parseInput(typeIdParam, c.req.param("id"), "id");
      return ok<SubtypesResponse>(c, { subtypes: await listSubtypes(db, typeId, view(c)) });
    })
    .get("/parameters", async (c) => ok<ParametersResponse>(c, { subtypes: await listParameters(db, view(c)) }))
    .get("/nutrition_data", async (c) => ok<NutritionResponse>(c, { types: await listNutrition(db, view(c)) }))
    .get("/mobile-app", async (c) => ok<MobileAppsResponse>(c, { mobileAppDatas: await listMobileApps(db) }))
    .get("/contacts", async (c) => ok<ContactsResponse>(c, await listContacts(db, view(c))));
}
