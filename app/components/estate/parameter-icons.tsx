/**
 * The amenities' icons (wifi, sauna, a lake view…), drawn like those of icons.tsx. They are only
 * needed by the amenities list, which the estate page hydrates lazily, so they live apart from the
 * few icons of the page's first screen.
 */
import { Glyph, Icon, type IconName, type Shape } from "./icons";

const SHAPES = {
  wifi: ["M2 9a15 15 0 0 1 20 0", "M5 12.5a10 10 0 0 1 14 0", "M8.5 16a5 5 0 0 1 7 0", [12, 19.5, 1]],
  snowflake: ["M12 2v20", "M3.3 7l17.4 10", "M3.3 17l17.4-10", "M9.5 3.5 12 6l2.5-2.5", "M9.5 20.5 12 18l2.5 2.5"],
  flame: ["M12 22c4 0 7-2.7 7-7 0-4-3-6.5-4-10-1.5 2-2 3.5-2.5 5C11 8.5 9.5 7 9 5c-2.5 2.5-4 5.5-4 9 0 4.3 3 8 7 8z"],
  droplet: ["M12 3c3.5 4.5 6 7.8 6 11a6 6 0 0 1-12 0c0-3.2 2.5-6.5 6-11z"],
  tv: ["M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z", "M8 21h8", "M12 17v4"],
  fireplace: ["M3 4h18v4H3z", "M5 8v13", "M19 8v13", "M8 21v-5a4 4 0 0 1 8 0v5", "M3 21h18"],
  elevator: ["M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z", "M9 10l3-3 3 3", "M9 14l3 3 3-3"],
  pot: ["M4 10h16v7a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z", "M2 10h2", "M20 10h2", "M9 5v2", "M12 4v3", "M15 5v2"],
  washer: ["M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z", "M7.5 6h2", [12, 13.5, 4.5]],
  balcony: ["M3 21h18", "M4 21v-7h16v7", "M8 14v7", "M12 14v7", "M16 14v7", "M7 14V5a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v9"],
  grill: ["M4 10h16a8 8 0 0 1-16 0z", "M8 17.5 6 22", "M16 17.5l2 4.5", "M9 2.5c-1 1.5 1 2.5 0 4", "M13 2.5c-1 1.5 1 2.5 0 4"],
  swing: ["M4 21 8 3h8l4 18", "M10 3v11", "M14 3v11", "M9 14h6"],
  parking: ["M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z", "M9 17V7h4a3 3 0 0 1 0 6H9"],
  sauna: ["M3 14h18v3a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4z", "M8 3.5c-1 1.5 1 3 0 4.5", "M12 3.5c-1 1.5 1 3 0 4.5", "M16 3.5c-1 1.5 1 3 0 4.5"],
  pool: ["M2 17c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5", "M2 21c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5", "M8 14V5a2 2 0 0 1 2-2", "M15 14V5a2 2 0 0 1 2-2", "M8 8h7", "M8 12h7"],
  mountain: ["M2 20 9 8l4 6 3-4 6 10z", [17.5, 5, 2]],
  lake: ["M2 16c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5", "M2 20c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5", "M4 11l5-7 3.5 4.5L15 6l5 5"],
  van: ["M5 17H4a1 1 0 0 1-1-1V8a2 2 0 0 1 2-2h10l5 5v5a1 1 0 0 1-1 1h-1", "M9 17h6", "M3 11h17", [7, 17, 2], [17, 17, 2]],
  horseshoe: ["M8 20H5v-9a7 7 0 0 1 14 0v9h-3v-9a4 4 0 0 0-8 0z"],
  paw: ["M12 13c2.5 0 5 2.8 5 5.2 0 1.5-1.2 2.3-2.6 2.3-1 0-1.6-.5-2.4-.5s-1.4.5-2.4.5C8.2 20.5 7 19.7 7 18.2 7 15.8 9.5 13 12 13z", [5.5, 10.5, 1.8], [9.5, 6, 1.8], [14.5, 6, 1.8], [18.5, 10.5, 1.8]],
  shield: ["M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z", "M9 12l2 2 4-4"],
} satisfies Record<string, Shape[]>;

type ParameterIconName = keyof typeof SHAPES;

/** Directory icon names (and a few likely spellings) to drawn icons; anything else gets a check. */
const PARAMETER_ICONS: Record<string, ParameterIconName | IconName> = {
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
};

function parameterIcon(icon: string, slug: string): ParameterIconName | IconName {
  const norm = (s: string) => s.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return PARAMETER_ICONS[norm(icon)] ?? PARAMETER_ICONS[norm(slug)] ?? "check";
}

/** A directory parameter's icon, by its `icon` name or slug; anything unknown gets a check. */
export function ParameterIcon({ icon, slug = "", className }: { icon: string; slug?: string; className?: string }) {
  const name = parameterIcon(icon, slug);
  return name in SHAPES ? <Glyph shapes={SHAPES[name as ParameterIconName]} className={className} /> : <Icon name={name as IconName} className={className} />;
}
