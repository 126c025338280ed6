/**
 * The operator console's content editor (issue 31, "Content and directory"): the FAQ, articles,
 * the terms and the privacy policy, promo pages — each text in Russian, English and Kyrgyz. The
 * API validates with these schemas; the console's forms send the same field names (`title.ky`),
 * so a refusal's field key is the form field it belongs beside.
 *
 * Every item carries `editVersion`, the row's edit token: a save naming another version than the
 * row's is refused with `editedMeanwhile` (409), so an edit made meanwhile is never overwritten
 * silently.
 */
import { z } from "zod";
import { isIsoDate } from "./dates";
import type { Localized } from "./common";
import { ARTICLE_TYPES, FAQ_AUDIENCES } from "./content";
import { msg } from "./message-key";

export const CONTENT_KINDS = ["faq", "article", "legal", "promo"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** Kinds the console can add new items of; a legal document's or promo's text is edited in place. */
export const CREATABLE_KINDS = ["faq", "article"] as const satisfies readonly ContentKind[];
export type CreatableKind = (typeof CREATABLE_KINDS)[number];
export const isCreatable = (kind: ContentKind): kind is CreatableKind => (CREATABLE_KINDS as readonly ContentKind[]).includes(kind);

/** The texts each kind has in every language, in the form's order, with their longest length. */
export const CONTENT_TEXTS = {
  faq: { question: 300, answer: 4000 },
  article: { title: 200, summary: 500, body: 50_000 },
  legal: { title: 200, body: 100_000 },
  promo: { title: 200, summary: 500, body: 20_000, terms: 5000 },
} as const satisfies Record<ContentKind, Record<string, number>>;

/** Texts shown as a paragraph field (several lines) rather than a one-line field. */
export const LONG_TEXTS: ReadonlySet<string> = new Set(["answer", "summary", "body", "terms"]);

export const SLUG_MAX = 80;
export const slug = (max = SLUG_MAX) =>
  z
    .string({ required_error: msg("required") })
    .trim()
    .toLowerCase()
    .refine((v) => v.length >= 2 && v.length <= max && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), { message: msg("slugFormat"), params: { n: max } });

/** A text every language must have: the site is promised in ru, en and ky alike. */
export const localized = (max: number) =>
  z.object({
    ru: z.string({ required_error: msg("required") }).trim().min(1, msg("required")).max(max, msg("tooLong")),
    en: z.string({ required_error: msg("required") }).trim().min(1, msg("required")).max(max, msg("tooLong")),
    ky: z.string({ required_error: msg("required") }).trim().min(1, msg("required")).max(max, msg("tooLong")),
  });

const day = z
  .string({ required_error: msg("required") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("date"))
  .refine(isIsoDate, msg("dateNotReal"));

/** The edit token the form was filled from; required on every save of an existing item. */
const editVersion = z.coerce.number({ invalid_type_error: msg("required") }).int().min(1).max(2 ** 31 - 1);

const texts = <K extends ContentKind>(kind: K) =>
  Object.fromEntries(Object.entries(CONTENT_TEXTS[kind]).map(([name, max]) => [name, localized(max)])) as { [F in keyof (typeof CONTENT_TEXTS)[K]]: ReturnType<typeof localized> };

export const faqInputSchema = z.object({
  audience: z.enum(FAQ_AUDIENCES, { required_error: msg("choose") }),
  anchor: slug(40),
  sortOrder: z.coerce.number({ invalid_type_error: msg("number") }).int().min(0).max(999).default(0),
  ...texts("faq"),
});
export const articleInputSchema = z.object({
  type: z.enum(ARTICLE_TYPES, { required_error: msg("choose") }),
  slug: slug(),
  /** Region of the estates listed under the article; empty for none. */
  region: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), { message: msg("slugFormat"), params: { n: 60 } }),
  /** The day it is published from (Bishkek); empty keeps it a draft nobody sees. */
  publishedOn: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(day.nullable()),
  ...texts("article"),
});
export const legalInputSchema = z.object({ ...texts("legal") });
export const promoInputSchema = z
  .object({
    discountPercent: z.coerce.number({ invalid_type_error: msg("number") }).int().min(0).max(90),
    startsOn: day,
    endsOn: day,
    ...texts("promo"),
  })
  .refine((p) => p.endsOn >= p.startsOn, { message: msg("endBeforeStart"), path: ["endsOn"] });

export const editVersionSchema = z.object({ editVersion });
/**
 * A change of an existing row: its fields and the edit token the form was filled from, read in one
 * pass, so a refusal names every field that is wrong, the token among them.
 */
export const withEditVersion = <S extends z.ZodTypeAny>(schema: S) => schema.and(editVersionSchema);

/**
 * Each kind's body, chosen by the path's `{kind}`. The endpoint map types the request as the union
 * of these (contract/endpoints.ts), and the route validates with the one of the path's kind, so
 * each kind's rule is written here only.
 */
export const CONTENT_SCHEMAS = { faq: faqInputSchema, article: articleInputSchema, legal: legalInputSchema, promo: promoInputSchema } as const;
export const CONTENT_SAVE_SCHEMAS = {
  faq: withEditVersion(faqInputSchema),
  article: withEditVersion(articleInputSchema),
  legal: withEditVersion(legalInputSchema),
  promo: withEditVersion(promoInputSchema),
} as const;
export type ContentInput<K extends ContentKind> = z.infer<(typeof CONTENT_SCHEMAS)[K]>;

/** One item as the editor shows it: its plain fields as the form's strings, its texts in each language. */
export type ContentItem = {
  kind: ContentKind;
  id: number;
  editVersion: number;
  /** What names it in lists: the anchor, the slug, the document's version. */
  label: string;
  /** Plain fields, as the form writes them (`publishedOn: ""` for a draft). */
  fields: Record<string, string>;
  texts: Record<string, Localized>;
  /** Where the site shows it (unprefixed), when it does. */
  publicPath: string | null;
  updatedAt: string | null;
};
export type ContentItemResponse = { item: ContentItem };
export type ContentListRow = { kind: ContentKind; id: number; label: string; title: string; publicPath: string | null; draft: boolean };
export type ContentListResponse = { items: ContentListRow[] };
/** The answer to a save refused because the item changed meanwhile: the item as it is now. */
export type ContentConflict = { current: ContentItem };

/** A Konok page path: starts with one slash, no query or fragment, no locale prefix, no /api. */
export const routeRulePathSchema = z
  .string()
  .trim()
  .regex(/^\/(?!\/)[^?#\s]*$/, msg("routePathInvalid"))
  .refine((p) => !/^\/(en|ky|ru)(\/|$)/.test(p), msg("routePathInvalid"))
  .refine((p) => !/^\/api(\/|$)/.test(p), msg("routePathInvalid"))
  .transform((p) => (p.length > 1 ? p.replace(/\/+$/, "") : p));

/** A redirect: the seed's (api/seed/content) and the console's, which changes one with its edit token. */
export const routeRuleSchema = z.object({
  path: routeRulePathSchema,
  target: z
    .string()
    .trim()
    .refine((t) => /^https:\/\/[^\s/]+/.test(t) || /^\/(?!\/)[^\s#]*$/.test(t), msg("routeTargetInvalid")),
  status: z.union([z.literal(301), z.literal(302)]).default(301),
});
export type RouteRuleInput = z.input<typeof routeRuleSchema>;
export const routeRuleSaveSchema = withEditVersion(routeRuleSchema);

/** A redirect as the console edits it (the rule of contract/content.ts with its id and edit token). */
export type RouteRuleRow = { id: number; path: string; target: string; status: 301 | 302; editVersion: number };
export type RouteRuleListResponse = { rules: RouteRuleRow[] };

/**
 * The footer's contacts, social links and mobile app links (contract/directory.ts), as the console
 * edits them: each row with its edit token; a group is one table.
 */
export const CONTACT_GROUPS = ["contact", "social", "app"] as const;
export type ContactGroup = (typeof CONTACT_GROUPS)[number];
export const CONTACT_KINDS = ["phone", "email", "address", "whatsapp"] as const;
export const SOCIAL_KINDS = ["instagram", "facebook", "telegram", "tiktok", "youtube"] as const;
export const APP_PLATFORMS = ["ios", "android", "huawei"] as const;

export const order = z.coerce.number({ invalid_type_error: msg("number") }).int().min(0).max(999).default(0);
const httpsUrl = z
  .string({ required_error: msg("required") })
  .trim()
  .min(1, msg("required"))
  .max(500, msg("tooLong"))
  .refine((v) => {
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, msg("httpsUrl"));

export const contactInputSchema = z
  .object({
    kind: z.enum(CONTACT_KINDS, { required_error: msg("choose") }),
    value: z.string({ required_error: msg("required") }).trim().min(1, msg("required")).max(200, msg("tooLong")),
    label: localized(100),
    sortOrder: order,
  })
  // A phone is dialled and an e-mail written to from the footer's links: they must be one.
  .refine((c) => (c.kind === "phone" || c.kind === "whatsapp" ? /^\+?[\d\s()-]{6,24}$/.test(c.value) : true), { message: msg("phoneDigits"), path: ["value"] })
  .refine((c) => (c.kind === "email" ? z.string().email().safeParse(c.value).success : true), { message: msg("emailInvalid"), path: ["value"] });
export const socialInputSchema = z.object({ kind: z.enum(SOCIAL_KINDS, { required_error: msg("choose") }), url: httpsUrl, sortOrder: order });
export const appInputSchema = z.object({
  platform: z.enum(APP_PLATFORMS, { required_error: msg("choose") }),
  name: z.string({ required_error: msg("required") }).trim().min(1, msg("required")).max(60, msg("tooLong")),
  url: httpsUrl,
  sortOrder: order,
});
/** Each group's body, chosen by the path's `{group}` (as CONTENT_SCHEMAS by the kind). */
export const CONTACT_SCHEMAS = { contact: contactInputSchema, social: socialInputSchema, app: appInputSchema } as const;
export const CONTACT_SAVE_SCHEMAS = { contact: withEditVersion(contactInputSchema), social: withEditVersion(socialInputSchema), app: withEditVersion(appInputSchema) } as const;
export type ContactInput<G extends ContactGroup> = z.infer<(typeof CONTACT_SCHEMAS)[G]>;

export type ContactRow = { id: number; kind: (typeof CONTACT_KINDS)[number]; value: string; label: Localized; sortOrder: number; editVersion: number };
export type SocialRow = { id: number; kind: (typeof SOCIAL_KINDS)[number]; url: string; sortOrder: number; editVersion: number };
export type AppRow = { id: number; platform: (typeof APP_PLATFORMS)[number]; name: string; url: string; sortOrder: number; editVersion: number };
export type ContactsAdminResponse = { contacts: ContactRow[]; socials: SocialRow[]; apps: AppRow[] };
