/** Country data: the phone codes of the sign-in and phone-link forms. */
import { Hono } from "hono";
import type { PhoneDataResponse } from "../../../contract/directory";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../lib/context";
import { ok } from "../../lib/respond";
import { listCountryCodes } from "../../services/directory";

export function countryRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().get("/phone_number_data", async (c) =>
    ok<PhoneDataResponse>(c, { countryCodes: await listCountryCodes(deps.db, presentationFor(c, deps)) }),
  );
}
