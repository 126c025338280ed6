/** Which of Konok's icons (../icons.svg) stands for a directory amenity: wifi, sauna, a lake view… */
import type { AmenityIcon } from "../../../contract/directory-icons";
import { Icon, type IconName } from "~/components/icon";

/**
 * Directory icon names (and a few likely spellings) to drawn icons; anything else gets a check.
 * Every icon the console offers (contract/operator-directory.ts AMENITY_ICONS) must be drawn here:
 * the type says so.
 */
const PARAMETER_ICONS: Record<AmenityIcon, IconName> & Record<string, IconName> = {
  wifi: "wifi",
  internet: "wifi",
  air_conditioning: "snowflake",
  ac: "snowflake",
  conditioner: "snowflake",
  heating: "flame",
  heater: "flame",
  hot_water: "droplet",
  water: "droplet",
  shower: "droplet",
  tv: "tv",
  television: "tv",
  fireplace: "fireplace",
  elevator: "elevator",
  lift: "elevator",
  kitchen: "pot",
  washing_machine: "washer",
  washer: "washer",
  laundry: "washer",
  balcony: "balcony",
  terrace: "balcony",
  bbq: "grill",
  grill: "grill",
  playground: "swing",
  parking: "parking",
  sauna: "sauna",
  banya: "sauna",
  pool: "pool",
  swimming_pool: "pool",
  mountain_view: "mountain",
  mountains: "mountain",
  view: "mountain",
  lake_view: "lake",
  lake: "lake",
  transfer: "van",
  shuttle: "van",
  horse_riding: "horseshoe",
  horses: "horseshoe",
  pets_allowed: "paw",
  pets: "paw",
  breakfast: "utensils",
  restaurant: "utensils",
  security: "shield",
  check: "check",
};

function parameterIcon(icon: string, slug: string): IconName {
  const norm = (s: string) => s.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return PARAMETER_ICONS[norm(icon)] ?? PARAMETER_ICONS[norm(slug)] ?? "check";
}

/** A directory parameter's icon, by its `icon` name or slug; anything unknown gets a check. */
export function ParameterIcon({ icon, slug = "", className }: { icon: string; slug?: string; className?: string }) {
  return <Icon name={parameterIcon(icon, slug)} className={className} />;
}
