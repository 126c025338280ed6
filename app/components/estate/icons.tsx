/**
 * Line icons drawn for Konok on a 24×24 grid: inline SVG, so they need no font (emoji are missing
 * on many phones and servers), no request and no sprite file. A path is a string; a circle is
 * [cx, cy, r].
 */
type Shape = string | [number, number, number];

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
  users: [[9, 8, 3.5], "M2 21a7 7 0 0 1 14 0", "M16 4.5a3.5 3.5 0 0 1 0 7", "M18 14.5a6 6 0 0 1 4 6.5"],
  bed: ["M2 20V5", "M2 16h20", "M22 20v-6a3 3 0 0 0-3-3h-8v5", [6.5, 12.5, 2]],
  home: ["M3 11l9-7 9 7", "M5 9.5V20h14V9.5", "M10 20v-6h4v6"],
  star: ["M12 3l2.8 5.8 6.2.8-4.5 4.4 1.1 6.3-5.6-3-5.6 3 1.1-6.3L3 9.6l6.2-.8z"],
  door: ["M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17", "M3 21h18", "M15 12h.01"],
  clock: [[12, 12, 9], "M12 7v5l3 2"],
  moon: ["M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z"],
  login: ["M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4", "M4 12h11", "M11 8l4 4-4 4"],
  logout: ["M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4", "M9 12h11", "M16 8l4 4-4 4"],
  pin: ["M12 21s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z", [12, 9, 2.5]],
  utensils: ["M7 3v18", "M4 3v5a3 3 0 0 0 6 0V3", "M17 21V3c-2 1-3.5 3.5-3.5 7s1.5 4 3.5 4"],
  check: ["M5 12.5l4.5 4.5L19 7"],
  bolt: ["M13 2 4 14h7l-1 8 9-12h-7z"],
  shield: ["M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z", "M9 12l2 2 4-4"],
} satisfies Record<string, Shape[]>;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true" focusable="false">
      {(SHAPES[name] as Shape[]).map((shape, i) =>
        typeof shape === "string" ? <path key={i} d={shape} /> : <circle key={i} cx={shape[0]} cy={shape[1]} r={shape[2]} />,
      )}
    </svg>
  );
}

/** Directory icon names (and a few likely spellings) to drawn icons; anything else gets a check. */
const PARAMETER_ICONS: Record<string, IconName> = {
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

export function parameterIcon(icon: string, slug = ""): IconName {
  const norm = (s: string) => s.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return PARAMETER_ICONS[norm(icon)] ?? PARAMETER_ICONS[norm(slug)] ?? "check";
}
