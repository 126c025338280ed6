/** Country data: the phone codes of the sign-in and phone-link forms. */
import { Hono } from "hono";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../lib/context";
import { ok } from "../../lib/respond";
import { listCountryCodes } from "../../services/directory";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/country");

export function countryRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>().get(at(endpoints.countryPhoneData), async (c) =>
    ok(c, endpoints.countryPhoneData, { countryCodes: await listCountryCodes(deps.db, presentationFor(c, deps)) }),
  );
}
