/**
 * What every host-listing page needs: the guards (signed in, host mode), the host's own listing
 * from the API (someone else's is a 404 there, so here too), and the paths between the wizard's
 * screens.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { Listing, StepId } from "../../contract/listing-steps";
import { localizePath, type Locale } from "~/i18n/config";
import { routeErrorFrom } from "./api.server";
import { requireHostMode, type SignedIn } from "./auth.server";
import { endpoints } from "../../contract/endpoints";

export const stepPath = (locale: Locale, id: number | string, step: StepId | string) => localizePath(`/host/objects/${id}/${step}`, locale);
export const overviewPath = (locale: Locale, id: number | string) => localizePath(`/host/objects/${id}`, locale);
export const objectsPath = (locale: Locale) => localizePath("/host/objects", locale);

export async function loadOwnListing(signedIn: SignedIn, id: string | undefined): Promise<Listing> {
  if (!id || !/^\d{1,9}$/.test(id)) throw new Response("Not Found", { status: 404 });
  try {
    return (await signedIn.api.call(endpoints.hostListing, { params: { id } })).object;
  } catch (error) {
    throw routeErrorFrom(error);
  }
}

/** The guards of every host page: a visitor signs in, a guest is offered host mode, and both come back. */
export const requireHost = (request: Request, context: AppLoadContext, params: Params) => requireHostMode(request, context, params);
