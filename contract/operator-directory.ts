/**
 * The console's directory editor (issue 31, "Content and directory"): listing types, their
 * subtypes, amenities (the `parameters` table) and meals (`nutrition_types`), each named in ru, en
 * and ky. An entry is never deleted: it is retired (decision 0076), which takes it out of the
 * wizard's and the search filters' choices while the listings that have it keep showing it.
 *
 * Every entry carries `editVersion`, its edit token, as the content editor's items do
 * (contract/operator-content.ts): a save or a retirement naming another version than the row's is
 * refused with `editedMeanwhile` (409).
 */
import { z } from "zod";
import type { Localized } from "./common";
import { ESTATE_KINDS, type ListingKind } from "./listing-steps";
import { msg } from "./message-key";
import { AMENITY_ICONS, TYPE_ICONS } from "./directory-icons";
import { localized, order, slug, withEditVersion } from "./operator-content";

export { AMENITY_ICONS, TYPE_ICONS, type AmenityIcon, type TypeIcon } from "./directory-icons";

export const DIRECTORY_KINDS = ["type", "subtype", "amenity", "meal"] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

/** The audit log's object type of each kind's rows. */
export const DIRECTORY_OBJECT_TYPES = { type: "estate_type", subtype: "estate_subtype", amenity: "amenity", meal: "meal" } as const satisfies Record<DirectoryKind, string>;

/** The groups amenities are shown in, on a listing's page and in the filter (their names are in the estate and estates translations). */
export const AMENITY_GROUPS = ["general", "comfort", "kitchen", "outdoor", "wellness", "view", "services", "rules"] as const;

export const DIRECTORY_NAME_MAX = 80;
export const DIRECTORY_SLUG_MAX = 60;

const id = z.coerce.number({ invalid_type_error: msg("choose") }).int(msg("choose")).min(1, msg("choose")).max(2 ** 31 - 1, msg("choose"));
/** Empty: the server makes one from the English name. */
const newSlug = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(slug(DIRECTORY_SLUG_MAX).optional());

const names = { name: localized(DIRECTORY_NAME_MAX), sortOrder: order };

/**
 * What a save changes. The slug, a type's kind and a subtype's type are chosen once, when the
 * entry is added: a type's kind decides its listings' wizard, a subtype belongs to its listings'
 * type, and a slug is in links (`/category/{slug}`) and in the seed (api/seed/directory.ts).
 */
export const DIRECTORY_UPDATE_SCHEMAS = {
  type: z.object({ ...names, icon: z.enum(TYPE_ICONS, { errorMap: () => ({ message: msg("choose") }) }) }),
  subtype: z.object(names),
  amenity: z.object({
    ...names,
    icon: z.enum(AMENITY_ICONS, { errorMap: () => ({ message: msg("choose") }) }),
    group: z.enum(AMENITY_GROUPS, { errorMap: () => ({ message: msg("choose") }) }),
  }),
  meal: z.object(names),
} as const;

export const DIRECTORY_CREATE_SCHEMAS = {
  type: DIRECTORY_UPDATE_SCHEMAS.type.extend({ slug: newSlug, kind: z.enum(ESTATE_KINDS, { errorMap: () => ({ message: msg("choose") }) }) }),
  subtype: DIRECTORY_UPDATE_SCHEMAS.subtype.extend({ slug: newSlug, typeId: id }),
  amenity: DIRECTORY_UPDATE_SCHEMAS.amenity.extend({ slug: newSlug }),
  meal: DIRECTORY_UPDATE_SCHEMAS.meal.extend({ slug: newSlug }),
} as const;

/** A save of an entry: what it changes and the edit token it was read with. */
export const DIRECTORY_SAVE_SCHEMAS = {
  type: withEditVersion(DIRECTORY_UPDATE_SCHEMAS.type),
  subtype: withEditVersion(DIRECTORY_UPDATE_SCHEMAS.subtype),
  amenity: withEditVersion(DIRECTORY_UPDATE_SCHEMAS.amenity),
  meal: withEditVersion(DIRECTORY_UPDATE_SCHEMAS.meal),
} as const;

export type DirectoryInput<K extends DirectoryKind> = z.infer<(typeof DIRECTORY_CREATE_SCHEMAS)[K]>;
export type DirectoryUpdate<K extends DirectoryKind> = z.infer<(typeof DIRECTORY_UPDATE_SCHEMAS)[K]>;

/** One entry as the console shows it. */
export type DirectoryRow = {
  id: number;
  slug: string;
  name: Localized;
  sortOrder: number;
  /** When it was retired (ISO), null while offered. */
  retiredAt: string | null;
  editVersion: number;
  /** How many listings (any status) have it: what retiring it leaves as it is. */
  inUse: number;
  /** Types and amenities. */
  icon?: string;
  /** Amenities. */
  group?: string;
  /** Types. */
  kind?: ListingKind;
  /** Subtypes. */
  typeId?: number;
};
export type DirectoryAdminResponse = { types: DirectoryRow[]; subtypes: DirectoryRow[]; amenities: DirectoryRow[]; meals: DirectoryRow[] };
export type DirectoryEntryResponse = { entry: DirectoryRow };
