/**
 * GET /api/v1/users/{id}: a member's public profile (first name, the month they joined, whether
 * they host, their rating and reviews as a guest), for hosts deciding on a request and for the
 * member's page /users/{id}. Anyone may read it: it holds nothing to reach the member by.
 */
import { Hono } from "hono";
import type { AccountDeps, ApiEnv } from "../../lib/context";
import { ok } from "../../lib/respond";
import { userProfile } from "../../services/reviews";
import { idParam } from "./booking";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/users");

export function userRoutes(deps: AccountDeps) {
  return new Hono<ApiEnv>().get(at(endpoints.userProfile), async (c) => ok(c, endpoints.userProfile, { user: await userProfile(deps.db, idParam(c.req.param("id"))) }));
}
