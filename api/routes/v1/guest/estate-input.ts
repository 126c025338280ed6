/** What the guest estate endpoints accept, beyond the shared contract: bounds that keep one request cheap. */
import { z } from "zod";
import { isoDateSchema } from "../../../../contract/common";
import { SEARCH_DEFAULTS, searchFilterSchema, searchRequestSchema, type SearchFilter } from "../../../../contract/estate";
import { addDays, daysBetween, todayInBishkek } from "../../../../contract/dates";
import type { StayRequest } from "../../../services/stay-quote";
import { msg } from "../../../../contract/message-key";

/** The longest span a calendar or a quote covers: a year and a bit. */
export const MAX_RANGE_DAYS = 400;
export const DEFAULT_CALENDAR_DAYS = 365;

/** An empty query parameter (`?checkInDate=` from a form left blank) means "not given". */
const optional = <S extends z.ZodTypeAny>(schema: S) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const boxIsOrdered = (f: Pick<SearchFilter, "topRight" | "leftBottom">, ctx: z.RefinementCtx) => {
  if (!f.topRight || !f.leftBottom) return;
  if (f.leftBottom.lat > f.topRight.lat) ctx.addIssue({ code: "custom", path: ["topRight", "lat"], message: msg("mapTopBelowBottom") });
  if (f.leftBottom.lng > f.topRight.lng) ctx.addIssue({ code: "custom", path: ["topRight", "lng"], message: msg("mapRightLeftOfLeft") });
};

export const searchInput = searchRequestSchema.superRefine(boxIsOrdered);

export const mapInput = searchFilterSchema.superRefine((f, ctx) => {
  for (const corner of ["topRight", "leftBottom"] as const) {
    if (!f[corner]) ctx.addIssue({ code: "custom", path: [corner], message: msg("mapCornerRequired") });
  }
  boxIsOrdered(f, ctx);
});

/** Optional stay dates (and party) that price a card or quote a stay. */
export const stayInput = z
  .object({
    checkInDate: optional(isoDateSchema),
    checkOutDate: optional(isoDateSchema),
    adultCount: optional(z.coerce.number().int().min(1).max(30)),
    childrenCount: optional(z.coerce.number().int().min(0).max(20)),
  })
  .superRefine((q, ctx) => {
    if (!q.checkInDate !== !q.checkOutDate) {
      ctx.addIssue({ code: "custom", path: [q.checkInDate ? "checkOutDate" : "checkInDate"], message: msg("bothDates") });
    } else if (q.checkInDate && q.checkOutDate) {
      const nights = daysBetween(q.checkInDate, q.checkOutDate);
      if (nights <= 0) ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: msg("checkOutAfterCheckIn") });
      if (nights > MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["checkOutDate"], message: msg("stayTooLong"), params: { n: MAX_RANGE_DAYS } });
    }
  })
  .transform((q): StayRequest | null =>
    q.checkInDate && q.checkOutDate
      ? {
          checkInDate: q.checkInDate,
          checkOutDate: q.checkOutDate,
          adultCount: q.adultCount ?? SEARCH_DEFAULTS.adultCount,
          childrenCount: q.childrenCount ?? SEARCH_DEFAULTS.childrenCount,
        }
      : null,
  );

/** `from`..`to` (both included), by default today and the year after it. */
export const calendarInput = z
  .object({ from: optional(isoDateSchema), to: optional(isoDateSchema) })
  .transform((q) => {
    const from = q.from ?? todayInBishkek();
    return { from, to: q.to ?? addDays(from, DEFAULT_CALENDAR_DAYS) };
  })
  .superRefine((q, ctx) => {
    const days = daysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: msg("endBeforeStart") });
    if (days > MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: msg("rangeTooLong"), params: { n: MAX_RANGE_DAYS } });
  });

export const reviewsInput = z.object({
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((v) => v ?? 1),
  perPage: optional(z.coerce.number().int().min(1).max(50)).transform((v) => v ?? 10),
});
