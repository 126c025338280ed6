/**
 * Server side of the host's screens (/host/booking, /host/calendar): loading through the API and
 * the forms' schemas with messages in the page's language. Loaders and actions only.
 */
import type { TFunction } from "i18next";
import { z } from "zod";
import type { HostBooking, HostEstateOption } from "../../contract/host";
import { routeErrorFrom } from "~/lib/api.server";
import type { SignedIn } from "~/lib/auth.server";
import { endpoints } from "../../contract/endpoints";

export const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/** One booking of the host's objects; anyone else's (or none) is a 404 page, as the API says. */
export async function loadHostBooking(signedIn: SignedIn, id: number): Promise<HostBooking> {
  try {
    return (await signedIn.api.call(endpoints.hostBooking, { params: { id } })).booking;
  } catch (error) {
    throw routeErrorFrom(error);
  }
}

/** The host's bookable objects for a select; an empty list when the API cannot answer (the page still works). */
export const loadHostEstates = (signedIn: SignedIn) =>
  signedIn.api
    .call(endpoints.hostCalendarEstates)
    .then((r) => r.items)
    .catch((): HostEstateOption[] => []);

const reasonField = (t: TFunction) =>
  z.coerce.number({ required_error: t("hosting:errors.reasonRequired"), invalid_type_error: t("hosting:errors.reasonRequired") }).int().positive(t("hosting:errors.reasonRequired"));

/** Decline or cancel: a reason from the list is required, a comment is optional. */
export const reasonForm = (t: TFunction) =>
  z.object({
    intent: z.enum(["decline", "cancel"]),
    reasonId: reasonField(t),
    comment: z.string().trim().max(1000, t("hosting:errors.commentLong")).optional(),
  });

const isoDate = (t: TFunction) =>
  z.string({ required_error: t("hosting:errors.dateRequired") }).regex(/^\d{4}-\d{2}-\d{2}$/, t("hosting:errors.dateRequired"));

/** A change to a range of nights on the calendar. */
export const calendarForm = (t: TFunction) =>
  z
    .object({
      intent: z.enum(["block", "unblock", "price"]),
      from: isoDate(t),
      to: isoDate(t),
      price: z.coerce.number({ invalid_type_error: t("hosting:errors.price") }).int(t("hosting:errors.price")).min(100, t("hosting:errors.price")).max(10_000_000, t("hosting:errors.price")).optional(),
      minNights: z.coerce.number({ invalid_type_error: t("hosting:errors.minNights") }).int(t("hosting:errors.minNights")).min(1, t("hosting:errors.minNights")).max(365, t("hosting:errors.minNights")).optional(),
    })
    .refine((v) => v.to >= v.from, { message: t("hosting:errors.rangeOrder"), path: ["to"] })
    .refine((v) => v.intent !== "price" || v.price !== undefined, { message: t("hosting:errors.price"), path: ["price"] });
