import spriteHref from "./icons.svg";

/**
 * Konok's line icons, drawn on a 24×24 grid (no emoji: many phones and servers lack them). They
 * live as symbols in one sprite file, `icons.svg`, which the build names by its content and the
 * browser caches for a year; a page only says `<use href="…#wifi">`. Inline, the estate page
 * carried ~1.5 KB (gzip) of path data in every first answer (decision 0059).
 */
export const ICON_NAMES = [
  // The site's and the estate page's: the heart, sharing, facts, rules, the booking panel.
  "users", "bed", "home", "star", "door", "clock", "moon", "login", "logout", "pin", "utensils", "check", "bolt", "heart", "share",
  // The amenities (parameter-icons.tsx maps directory names to these).
  "wifi", "snowflake", "flame", "droplet", "tv", "fireplace", "elevator", "pot", "washer", "balcony", "grill", "swing",
  "parking", "sauna", "pool", "mountain", "lake", "van", "horseshoe", "paw", "shield",
  // Logo's mark, for where it is not the first thing on screen (the footer).
  "konok",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** One icon, sized and coloured by `className` (the strokes follow `currentColor`). */
export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
