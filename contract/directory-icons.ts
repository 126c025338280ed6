/**
 * The icons an operator can give a listing type or an amenity (the console's directory editor,
 * contract/operator-directory.ts). A file of its own, without imports, because the site's icon
 * components read it in every browser bundle that draws a type or an amenity.
 */

/**
 * The icons a type can have: the shapes app/components/home/type-icon.tsx draws (its map is typed
 * by this list, so an icon offered here is always drawn).
 */
export const TYPE_ICONS = ["apartment", "house", "guest_house", "hotel", "hostel", "yurt", "cottage", "villa", "sanatorium", "resort", "room", "camping"] as const;
export type TypeIcon = (typeof TYPE_ICONS)[number];

/** The icons an amenity can have: the ones app/components/estate/parameter-icons.tsx draws; `check` is the plain one. */
export const AMENITY_ICONS = [
  "wifi",
  "air_conditioning",
  "heating",
  "hot_water",
  "tv",
  "fireplace",
  "elevator",
  "kitchen",
  "washing_machine",
  "balcony",
  "bbq",
  "playground",
  "parking",
  "sauna",
  "pool",
  "mountain_view",
  "lake_view",
  "transfer",
  "horse_riding",
  "pets_allowed",
  "breakfast",
  "security",
  "check",
] as const;
export type AmenityIcon = (typeof AMENITY_ICONS)[number];
