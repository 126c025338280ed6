/**
 * A line icon for an estate type, picked from its slug or icon name; an emoji icon from the API is
 * shown as it is. Inline SVG: no icon font, no extra request. Every icon the console offers
 * (contract/operator-directory.ts TYPE_ICONS) has its shape here: the map's type says so.
 */
import { TYPE_ICONS, type TypeIcon as TypeIconKey } from "../../../contract/directory-icons";

const isKnown = (icon: string): icon is TypeIconKey => (TYPE_ICONS as readonly string[]).includes(icon);

const PATHS: Record<TypeIconKey, string> = {
  apartment: "M6 21V4h9v17M15 9h4v12M9 8h2M9 12h2M9 16h2M3 21h18",
  house: "M3 11 12 4l9 7M5 10v11h14V10M10 21v-6h4v6",
  hotel: "M4 21V5h16v16M8 9h2M14 9h2M8 13h2M14 13h2M10 21v-4h4v4M2 21h20",
  hostel: "M3 19v-8M3 15h18v4M21 15v-3a2 2 0 0 0-2-2h-7v5M6.5 12.5h.01",
  yurt: "M3 20h18M5 20v-7l7-6 7 6v7M5 13h14M10 20v-4h4v4M12 7V4",
  cottage: "M3 12 12 4l9 8M6 10v11h12V10M10 21v-5h4v5M16 6V3h2v5",
  guest_house: "M3 11 12 4l9 7M5 10v11h14V10M9 14h6M9 17h6",
  resort: "M12 3a4 4 0 0 1 4 4H8a4 4 0 0 1 4-4ZM12 7v14M5 21c2-2 4-2 7 0 3-2 5-2 7 0",
  camping: "M3 20 12 5l9 15H3ZM12 5v15M9 20l3-5 3 5",
  villa: "M2 21h20M4 21V9l8-5 8 5v12M9 21v-5h6v5M8 11h2M14 11h2",
  sanatorium: "M3 21h18M5 21V8h14v13M9 21v-4h6v4M12 10v5M9.5 12.5h5M8 8V4h8v4",
  room: "M3 18v-7M3 14h18v4M21 14v-2a2 2 0 0 0-2-2h-6v4M7 12.5h.01M3 18h18",
};

const ALIASES: [RegExp, TypeIconKey][] = [
  [/apart|flat|kvart|condo/, "apartment"],
  [/hostel/, "hostel"],
  [/hotel|motel/, "hotel"],
  [/yurt|boz/, "yurt"],
  [/guest/, "guest_house"],
  [/sanator/, "sanatorium"],
  [/room/, "room"],
  [/cottage|chalet|dacha|cabin/, "cottage"],
  [/villa/, "villa"],
  [/resort|pension|base|spa/, "resort"],
  [/camp|tent|glamp/, "camping"],
  [/house|home|dom/, "house"],
];

function shapeOf(slug: string, icon: string): string {
  const key = `${icon} ${slug}`.toLowerCase();
  if (isKnown(icon)) return PATHS[icon];
  for (const [pattern, name] of ALIASES) if (pattern.test(key)) return PATHS[name];
  return PATHS.house;
}

const isEmoji = (text: string) => /\p{Extended_Pictographic}/u.test(text);

export function TypeIcon({ slug, icon, className = "h-7 w-7" }: { slug: string; icon: string; className?: string }) {
  if (isEmoji(icon)) {
    return (
      <span aria-hidden="true" className="text-2xl leading-none">
        {icon}
      </span>
    );
  }
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d={shapeOf(slug, icon)} />
    </svg>
  );
}
