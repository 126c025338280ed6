/**
 * Line icons drawn for Konok on a 24×24 grid: inline SVG, so they need no font (emoji are missing
 * on many phones and servers), no request and no sprite file. A path is a string; a circle is
 * [cx, cy, r].
 */
export type Shape = string | [number, number, number];

const SHAPES = {
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
} satisfies Record<string, Shape[]>;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <Glyph shapes={SHAPES[name]} className={className} />;
}

/** One icon drawn from its shapes (the amenities' icons are in parameter-icons.tsx). */
export function Glyph({ shapes, className = "h-5 w-5" }: { shapes: readonly Shape[]; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true" focusable="false">
      {shapes.map((shape, i) => (typeof shape === "string" ? <path key={i} d={shape} /> : <circle key={i} cx={shape[0]} cy={shape[1]} r={shape[2]} />))}
    </svg>
  );
}
