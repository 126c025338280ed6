/**
 * The demo photo pool: about forty illustrations composed as SVG (no network, no stock files),
 * rasterised with sharp and stored as WebP variants `demo/<name>-<width>.webp` in the photo storage
 * (the uploads folder, or the bucket with PHOTO_STORAGE=s3).
 * Estates reference them by key (`demo/<name>`), so 300 or 100 000 estates share the same files.
 * Every picture is drawn from a seeded generator: the same pool on every machine.
 */
import path from "node:path";
import os from "node:os";
import sharp from "sharp";
import type { Localized } from "../../contract/common";
import { folderStorage, type PhotoStorage } from "../services/listing/photo-storage";
import { Rng } from "./rng";

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;
/** Stored WebP widths, ascending; every variant keeps the 3:2 aspect. */
export const PHOTO_VARIANTS = [400, 800, 1200] as const;

export type PhotoTheme =
  | "mountains"
  | "lake"
  | "yurts"
  | "apartment"
  | "bedroom"
  | "hotel"
  | "guesthouse"
  | "sauna"
  | "pool"
  | "kitchen";

export type PoolPhoto = {
  /** File name stem: `mountains-1`. */
  name: string;
  /** Storage key referenced by estate_photos.key: `demo/mountains-1`. */
  key: string;
  theme: PhotoTheme;
  /** Index of the picture within its theme, which picks palette and layout. */
  variant: number;
  alt: Localized;
};

const THEME_COUNTS: Record<PhotoTheme, number> = {
  mountains: 5,
  lake: 5,
  yurts: 5,
  apartment: 5,
  bedroom: 5,
  hotel: 4,
  guesthouse: 4,
  sauna: 2,
  pool: 2,
  kitchen: 3,
};

const THEME_ALTS: Record<PhotoTheme, Localized[]> = {
  mountains: [
    { ru: "Снежные вершины Тянь-Шаня", en: "Snow-capped peaks of the Tian Shan", ky: "Теңир-Тоонун кар баскан чокулары" },
    { ru: "Горная долина с хвойным лесом", en: "Mountain valley with a pine forest", ky: "Карагай токою бар тоо өрөөнү" },
  ],
  lake: [
    { ru: "Берег озера Иссык-Куль", en: "Issyk-Kul lake shore", ky: "Ысык-Көлдүн жээги" },
    { ru: "Пляж и горы за озером", en: "Beach with mountains across the lake", ky: "Көлдүн аркы өйүзүндөгү тоолор жана пляж" },
  ],
  yurts: [
    { ru: "Юрты на летнем джайлоо", en: "Yurts on a summer pasture", ky: "Жайлоодогу боз үйлөр" },
    { ru: "Юрточный лагерь в горах", en: "Yurt camp in the mountains", ky: "Тоодогу боз үй лагери" },
  ],
  apartment: [
    { ru: "Гостиная с диваном", en: "Living room with a sofa", ky: "Диваны бар конок бөлмө" },
    { ru: "Светлая гостиная с окном", en: "Bright living room with a window", ky: "Терезеси бар жарык конок бөлмө" },
  ],
  bedroom: [
    { ru: "Спальня с двуспальной кроватью", en: "Bedroom with a double bed", ky: "Эки кишилик керебети бар уктоочу бөлмө" },
    { ru: "Уютная спальня", en: "Cosy bedroom", ky: "Жайлуу уктоочу бөлмө" },
  ],
  hotel: [
    { ru: "Фасад отеля", en: "Hotel facade", ky: "Мейманкананын фасады" },
    { ru: "Вход в отель", en: "Hotel entrance", ky: "Мейманканага кире бериш" },
  ],
  guesthouse: [
    { ru: "Гостевой дом с садом", en: "Guest house with a garden", ky: "Бакчасы бар конок үй" },
    { ru: "Дом и яблоневый сад", en: "House and apple orchard", ky: "Үй жана алма бак" },
  ],
  sauna: [{ ru: "Сауна", en: "Sauna", ky: "Сауна" }],
  pool: [{ ru: "Бассейн с видом на горы", en: "Swimming pool with mountain views", ky: "Тоо көрүнгөн бассейн" }],
  kitchen: [
    { ru: "Кухня", en: "Kitchen", ky: "Ашкана" },
    { ru: "Кухня с обеденной зоной", en: "Kitchen with a dining area", ky: "Тамактануучу жайы бар ашкана" },
  ],
};

export const PHOTO_POOL: readonly PoolPhoto[] = (Object.keys(THEME_COUNTS) as PhotoTheme[]).flatMap((theme) =>
  Array.from({ length: THEME_COUNTS[theme] }, (_, i) => {
    const name = `${theme}-${i + 1}`;
    const alts = THEME_ALTS[theme];
    return { name, key: `demo/${name}`, theme, variant: i, alt: alts[i % alts.length] };
  }),
);

export function photosOfTheme(theme: PhotoTheme): PoolPhoto[] {
  return PHOTO_POOL.filter((p) => p.theme === theme);
}

/** Storage key of one stored variant (`demo/lake-1-800.webp`), as /uploads serves it. */
export const photoVariantKey = (key: string, width: number) => `${key}-${width}.webp`;

/** Path of one stored variant of a storage key in an uploads folder. */
export function photoVariantPath(uploadsDir: string, key: string, width: number): string {
  return path.join(uploadsDir, photoVariantKey(key, width));
}

export type PoolResult = { generated: number; skipped: number; ms: number };

/**
 * Writes every pool picture that is missing (all three widths) into the photo storage (a folder
 * path means that folder); pictures already stored are kept, so a restart costs one listing of
 * `demo/` (a folder walk, or one request to a bucket). The storage writes each file whole.
 */
export async function ensurePhotoPool(target: string | PhotoStorage, opts: { log?: (line: string) => void; concurrency?: number } = {}): Promise<PoolResult> {
  const started = performance.now();
  const storage = typeof target === "string" ? folderStorage(target) : target;
  const stored = new Set<string>();
  for await (const file of storage.list("demo/")) if (file.size > 0) stored.add(file.key);
  const missing = PHOTO_POOL.filter((p) => PHOTO_VARIANTS.some((w) => !stored.has(photoVariantKey(p.key, w))));
  if (missing.length > 0) opts.log?.(`seed: drawing ${missing.length} demo photos into ${typeof target === "string" ? path.join(target, "demo") : `the ${storage.kind} photo storage`}`);
  const concurrency = Math.max(1, opts.concurrency ?? Math.min(4, os.availableParallelism()));
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const photo = missing[next++];
      await writePhoto(storage, photo, stored);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { generated: missing.length, skipped: PHOTO_POOL.length - missing.length, ms: Math.round(performance.now() - started) };
}

async function writePhoto(storage: PhotoStorage, photo: PoolPhoto, stored: Set<string>): Promise<void> {
  const svg = renderPhotoSvg(photo);
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels } as const;
  for (const width of PHOTO_VARIANTS) {
    const key = photoVariantKey(photo.key, width);
    if (stored.has(key)) continue;
    let pipeline = sharp(data, { raw });
    if (width !== info.width) pipeline = pipeline.resize(width, Math.round((width * PHOTO_HEIGHT) / PHOTO_WIDTH));
    await storage.put(key, await pipeline.webp({ quality: width >= 1200 ? 78 : 80, effort: 2 }).toBuffer());
  }
}

/** The SVG source of one pool picture (1200×800). */
export function renderPhotoSvg(photo: Pick<PoolPhoto, "theme" | "variant" | "name">): string {
  const rng = new Rng(`konok-photo:${photo.name}`);
  const svg = new Svg();
  SCENES[photo.theme](svg, rng, photo.variant);
  return svg.toString();
}

// ── Drawing toolkit ─────────────────────────────────────────────────────────────────────────

const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;
type Pt = [number, number];
type Stop = [offset: number, color: string, opacity?: number];

const n1 = (v: number) => String(Math.round(v * 10) / 10);
const pts = (ps: Pt[]) => ps.map(([x, y]) => `${n1(x)},${n1(y)}`).join(" ");

class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private ids = 0;

  id(prefix: string): string {
    return `${prefix}${++this.ids}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(...markup: string[]): void {
    this.body.push(...markup);
  }

  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("l");
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A gradient in user space (absolute coordinates), for shapes sharing one light. */
  linearAbs(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id("la");
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n1(x1)}" y1="${n1(y1)}" x2="${n1(x2)}" y2="${n1(y2)}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("r");
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsMarkup(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

function stopsMarkup(stops: Stop[]): string {
  return stops
    .map(([o, c, a]) => `<stop offset="${n1(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${n1(a)}"`}/>`)
    .join("");
}

function attrs(fill: string, extra: string): string {
  return `fill="${fill}"${extra ? ` ${extra}` : ""}`;
}
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${n1(x)}" y="${n1(y)}" width="${n1(Math.max(0, w))}" height="${n1(Math.max(0, h))}" ${attrs(fill, extra)}/>`;
const rrect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = "") =>
  `<rect x="${n1(x)}" y="${n1(y)}" width="${n1(Math.max(0, w))}" height="${n1(Math.max(0, h))}" rx="${n1(r)}" ${attrs(fill, extra)}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}" ${attrs(fill, extra)}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(rx)}" ry="${n1(ry)}" ${attrs(fill, extra)}/>`;
const poly = (ps: Pt[], fill: string, extra = "") => `<polygon points="${pts(ps)}" ${attrs(fill, extra)}/>`;
const pathEl = (d: string, fill: string, extra = "") => `<path d="${d}" ${attrs(fill, extra)}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = "") =>
  `<line x1="${n1(x1)}" y1="${n1(y1)}" x2="${n1(x2)}" y2="${n1(y2)}" stroke="${stroke}" stroke-width="${n1(width)}"${extra ? ` ${extra}` : ""}/>`;

// Colours as #rrggbb, mixed in sRGB: plenty for illustrations.
function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function hex([r, g, b]: [number, number, number]): string {
  const c = (x: number) => Math.max(0, Math.min(255, Math.round(x))).toString(16).padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return hex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);
/** Nudges a colour's brightness a little, so repeated elements are not identical. */
function jitter(rng: Rng, c: string, amount = 0.08): string {
  const t = rng.float(-amount, amount);
  return t >= 0 ? lighten(c, t) : darken(c, -t);
}

/** A smooth closed shape through points (Catmull-Rom as cubic Béziers) down to the bottom edge. */
function smoothPath(points: Pt[], bottom = H): string {
  let d = `M${n1(points[0][0])},${n1(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${n1(c1[0])},${n1(c1[1])} ${n1(c2[0])},${n1(c2[1])} ${n1(p2[0])},${n1(p2[1])}`;
  }
  const last = points[points.length - 1];
  return `${d} L${n1(last[0])},${bottom} L${n1(points[0][0])},${bottom} Z`;
}

function yAt(points: Pt[], x: number): number {
  for (let i = 0; i < points.length - 1; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[i + 1];
    if (x >= x1 && x <= x2) return y1 + ((y2 - y1) * (x - x1)) / (x2 - x1);
  }
  return points[points.length - 1][1];
}

// ── Sky, mountains, hills, trees ────────────────────────────────────────────────────────────

type Sky = { top: string; mid: string; low: string; sun: string; cloud: string; haze: string; evening: boolean };
const SKIES: Sky[] = [
  { top: "#2f6db5", mid: "#6fa6dc", low: "#d3e8f4", sun: "#fffbe6", cloud: "#ffffff", haze: "#b9d3e8", evening: false },
  { top: "#3d5f98", mid: "#e2a574", low: "#ffdcaa", sun: "#fff0c2", cloud: "#ffe6cc", haze: "#dcbda6", evening: false },
  { top: "#1a56a0", mid: "#4f98d6", low: "#bde0f3", sun: "#ffffff", cloud: "#ffffff", haze: "#a6c9e2", evening: false },
  { top: "#232a57", mid: "#a4507a", low: "#f6a262", sun: "#ffd28a", cloud: "#f2a69c", haze: "#b07c8a", evening: true },
  { top: "#5d7fb8", mid: "#d9adc2", low: "#fbe3c8", sun: "#fff3dc", cloud: "#fdeef0", haze: "#d0bccb", evening: false },
  { top: "#15203f", mid: "#3f4c7d", low: "#d48a66", sun: "#ffc27a", cloud: "#77719a", haze: "#6f6a8c", evening: true },
];

function drawSky(svg: Svg, rng: Rng, sky: Sky, horizon: number, opts: { sun?: boolean; clouds?: number } = {}): { sunX: number; sunY: number } {
  svg.add(rect(0, 0, W, horizon + 40, svg.linear([[0, sky.top], [0.62, sky.mid], [1, sky.low]])));
  const sunX = rng.float(180, 1020);
  const sunY = sky.evening ? horizon - rng.float(40, 120) : rng.float(90, horizon * 0.45);
  if (opts.sun !== false) {
    svg.add(circle(sunX, sunY, 190, svg.radial([[0, sky.sun, 0.55], [0.35, sky.sun, 0.18], [1, sky.sun, 0]])));
    svg.add(circle(sunX, sunY, sky.evening ? 46 : 34, sky.sun, `fill-opacity="0.95"`));
  }
  const cloudFill = svg.radial([[0, sky.cloud, 0.95], [0.6, sky.cloud, 0.6], [1, sky.cloud, 0]]);
  const count = opts.clouds ?? rng.int(2, 5);
  for (let i = 0; i < count; i++) {
    const cx = rng.float(40, W - 40);
    const cy = rng.float(50, horizon * 0.55);
    const w = rng.float(140, 320);
    for (let j = 0; j < 6; j++) {
      svg.add(ellipse(cx + rng.float(-w / 2, w / 2), cy + rng.float(-14, 14), rng.float(w * 0.25, w * 0.45), rng.float(18, 42), cloudFill));
    }
  }
  return { sunX, sunY };
}

type RangeOpts = {
  baseY: number;
  peakMin: number;
  peakMax: number;
  count: number;
  color: string;
  shade: string;
  snow?: { color: string; shade: string; depth: [number, number] };
  xFrom?: number;
  xTo?: number;
};

/** A mountain range: irregular peaks, shaded east faces, snow caps with dripping edges. */
function mountainRange(rng: Rng, o: RangeOpts): string {
  const xFrom = o.xFrom ?? -150;
  const xTo = o.xTo ?? W + 150;
  const step = (xTo - xFrom) / o.count;
  const peaks = Array.from({ length: o.count }, (_, i) => {
    const px = xFrom + step * (i + 0.5) + rng.float(-step * 0.3, step * 0.3);
    const py = rng.float(o.peakMin, o.peakMax);
    const wl = rng.float(step * 0.8, step * 1.5);
    const wr = rng.float(step * 0.8, step * 1.5);
    return { px, py, wl, wr };
  }).sort((a, b) => a.py - b.py);
  const out: string[] = [];
  for (const { px, py, wl, wr } of peaks) {
    const hgt = o.baseY - py;
    const edge = (dir: -1 | 1, w: number): Pt[] => {
      const e: Pt[] = [[px, py]];
      for (const t of [0.18, 0.4, 0.65]) {
        e.push([px + dir * w * t + rng.float(-w * 0.06, w * 0.06), py + hgt * t + rng.float(-hgt * 0.05, hgt * 0.05)]);
      }
      e.push([px + dir * w, o.baseY + 2]);
      return e;
    };
    const left = edge(-1, wl);
    const right = edge(1, wr);
    out.push(poly([...left.slice().reverse(), ...right.slice(1)], jitterFixed(o.color, px)));
    out.push(poly([...right, [px + wr * 0.08, o.baseY + 2]], o.shade, `fill-opacity="0.5"`));
    if (o.snow && hgt > 60) {
      const yc = py + hgt * rng.float(o.snow.depth[0], o.snow.depth[1]);
      const cut = (e: Pt[]): Pt[] => {
        const res: Pt[] = [e[0]];
        for (let i = 1; i < e.length; i++) {
          const [x1, y1] = e[i - 1];
          const [x2, y2] = e[i];
          if (y2 < yc) res.push(e[i]);
          else {
            res.push([x1 + ((x2 - x1) * (yc - y1)) / (y2 - y1), yc]);
            break;
          }
        }
        return res;
      };
      const cl = cut(left);
      const cr = cut(right);
      const lc = cl[cl.length - 1];
      const rc = cr[cr.length - 1];
      const zig: Pt[] = [];
      const steps = rng.int(4, 7);
      const depth = yc - py;
      for (let i = 1; i < steps; i++) {
        const x = rc[0] + ((lc[0] - rc[0]) * i) / steps;
        zig.push([x, i % 2 ? yc + depth * rng.float(0.12, 0.45) : yc - depth * rng.float(0, 0.12)]);
      }
      out.push(poly([...cl.slice().reverse(), ...cr.slice(1), ...zig], o.snow.color));
      out.push(poly([...cr, [px + (rc[0] - px) * 0.25, yc + depth * 0.2]], o.snow.shade, `fill-opacity="0.75"`));
    }
  }
  return out.join("");
}

/** Deterministic small brightness variation by position, so neighbouring peaks differ. */
function jitterFixed(c: string, x: number): string {
  const t = Math.sin(x * 12.9898) * 0.5 * 0.06;
  return t >= 0 ? lighten(c, t) : darken(c, -t);
}

function hillPoints(rng: Rng, y: number, amp: number, count: number): Pt[] {
  return Array.from({ length: count + 1 }, (_, i) => [-60 + ((W + 120) * i) / count, y + rng.float(-amp, amp)] as Pt);
}

function pine(x: number, y: number, h: number, color: string): string {
  const w = h * 0.42;
  const dark = darken(color, 0.25);
  const parts = [rect(x - h * 0.03, y - h * 0.12, h * 0.06, h * 0.14, "#4a3426")];
  for (let i = 0; i < 3; i++) {
    const top = y - h + i * h * 0.22;
    const bottom = y - h * 0.1 - (2 - i) * h * 0.14;
    const half = w * (0.55 + i * 0.22);
    parts.push(poly([[x, top], [x + half, bottom], [x - half, bottom]], color));
    parts.push(poly([[x, top], [x + half, bottom], [x + half * 0.15, bottom]], dark, `fill-opacity="0.6"`));
  }
  return parts.join("");
}

function poplar(x: number, y: number, h: number, color: string): string {
  return (
    rect(x - h * 0.02, y - h * 0.2, h * 0.04, h * 0.2, "#5a4330") +
    ellipse(x, y - h * 0.55, h * 0.11, h * 0.46, color) +
    ellipse(x + h * 0.035, y - h * 0.5, h * 0.06, h * 0.4, darken(color, 0.2), `fill-opacity="0.55"`)
  );
}

function roundTree(rng: Rng, x: number, y: number, h: number, color: string, fruit?: string): string {
  const parts = [pathEl(`M${n1(x - h * 0.05)},${n1(y)} L${n1(x - h * 0.03)},${n1(y - h * 0.45)} L${n1(x + h * 0.03)},${n1(y - h * 0.45)} L${n1(x + h * 0.05)},${n1(y)} Z`, "#6b4a32")];
  const blobs = rng.int(4, 6);
  for (let i = 0; i < blobs; i++) {
    const bx = x + rng.float(-h * 0.28, h * 0.28);
    const by = y - h * 0.62 + rng.float(-h * 0.2, h * 0.15);
    parts.push(circle(bx, by, rng.float(h * 0.17, h * 0.26), jitter(rng, color, 0.12)));
  }
  parts.push(circle(x + h * 0.12, y - h * 0.5, h * 0.22, darken(color, 0.18), `fill-opacity="0.45"`));
  if (fruit) {
    for (let i = 0; i < 9; i++) parts.push(circle(x + rng.float(-h * 0.3, h * 0.3), y - h * 0.62 + rng.float(-h * 0.22, h * 0.2), h * 0.025, fruit));
  }
  return parts.join("");
}

const ROCK = ["#5d6b86", "#6a6f8a", "#566579", "#6f6a7c"];
const MEADOWS = [
  ["#7dbb5a", "#4f8f3b", "#356b2c"],
  ["#9fc45a", "#6d9a3b", "#4a7330"],
  ["#c9b25a", "#9c8a3f", "#6f6330"],
  ["#6db36a", "#3f8a4a", "#2a6338"],
];

/** Far snowy range plus a nearer one, tinted towards the haze colour with distance. */
function alpineBackdrop(svg: Svg, rng: Rng, sky: Sky, baseFar: number, baseMid: number | null) {
  const rock = rng.pick(ROCK);
  svg.add(
    mountainRange(rng, {
      baseY: baseFar,
      peakMin: baseFar - 330,
      peakMax: baseFar - 170,
      count: rng.int(5, 8),
      color: mix(rock, sky.haze, 0.55),
      shade: mix(darken(rock, 0.3), sky.haze, 0.45),
      snow: { color: mix("#ffffff", sky.haze, 0.18), shade: mix("#9fb3cc", sky.haze, 0.35), depth: [0.28, 0.45] },
    }),
  );
  if (baseMid !== null) {
    svg.add(
      mountainRange(rng, {
        baseY: baseMid,
        peakMin: baseMid - 260,
        peakMax: baseMid - 120,
        count: rng.int(4, 6),
        color: mix(darken(rock, 0.1), sky.haze, 0.28),
        shade: darken(rock, 0.35),
        snow: { color: mix("#ffffff", sky.haze, 0.08), shade: mix("#8fa3bf", sky.haze, 0.2), depth: [0.18, 0.3] },
      }),
    );
  }
}

// ── Scenes ──────────────────────────────────────────────────────────────────────────────────

type Scene = (svg: Svg, rng: Rng, variant: number) => void;

const mountains: Scene = (svg, rng, v) => {
  const sky = SKIES[[0, 2, 1, 4, 3][v % 5]];
  drawSky(svg, rng, sky, 560);
  alpineBackdrop(svg, rng, sky, 520, 610);
  const meadow = MEADOWS[v % MEADOWS.length];
  const tint = (c: string) => (sky.evening ? mix(c, "#6b4a6e", 0.25) : c);
  const hill1 = hillPoints(rng, 600, 22, 6);
  svg.add(pathEl(smoothPath(hill1), svg.linearAbs([[0, tint(meadow[0])], [1, tint(meadow[1])]], 0, 570, 0, 760)));
  const forest = tint(meadow[2]);
  const trees = Array.from({ length: rng.int(18, 30) }, () => rng.float(-20, W + 20)).sort((a, b) => a - b);
  for (const x of trees) {
    const base = yAt(hill1, x) + rng.float(6, 40);
    svg.add(pine(x, base, rng.float(50, 95) * (base / 620), darken(forest, rng.float(0, 0.15))));
  }
  if (v % 2 === 0) {
    // A glacial river winding towards the viewer.
    const x0 = rng.float(300, 900);
    const water = svg.linear([[0, lighten(sky.low, 0.2)], [1, "#5aa6c8"]]);
    svg.add(pathEl(`M${n1(x0)},640 C${n1(x0 - 120)},700 ${n1(x0 + 160)},730 ${n1(x0 - 60)},800 L${n1(x0 + 120)},800 C${n1(x0 + 260)},730 ${n1(x0 + 30)},700 ${n1(x0 + 18)},640 Z`, water));
  }
  const hill2 = hillPoints(rng, 720, 28, 5);
  svg.add(pathEl(smoothPath(hill2), svg.linearAbs([[0, tint(meadow[1])], [1, tint(darken(meadow[2], 0.1))]], 0, 690, 0, 800)));
  const flowers = ["#f4e04d", "#ffffff", "#e85d75", "#b48ee0"];
  for (let i = 0; i < 70; i++) {
    const x = rng.float(0, W);
    svg.add(circle(x, yAt(hill2, x) + rng.float(10, 90), rng.float(2, 4.5), rng.pick(flowers), `fill-opacity="0.9"`));
  }
  for (let i = 0; i < rng.int(2, 4); i++) {
    const x = rng.pick([rng.float(-10, 220), rng.float(980, W + 10)]);
    svg.add(pine(x, yAt(hill2, x) + rng.float(40, 80), rng.float(180, 260), darken(forest, 0.2)));
  }
};

const lake: Scene = (svg, rng, v) => {
  const sky = SKIES[[0, 2, 3, 1, 4][v % 5]];
  const horizon = 440;
  const sun = drawSky(svg, rng, sky, horizon);
  const rock = rng.pick(ROCK);
  const far = mountainRange(rng, {
    baseY: horizon,
    peakMin: horizon - 260,
    peakMax: horizon - 120,
    count: rng.int(6, 9),
    color: mix(rock, sky.haze, 0.5),
    shade: mix(darken(rock, 0.3), sky.haze, 0.4),
    snow: { color: mix("#ffffff", sky.haze, 0.15), shade: mix("#9fb3cc", sky.haze, 0.3), depth: [0.25, 0.4] },
  });
  svg.add(far);
  svg.add(rect(0, horizon - 6, W, 8, mix("#2f5a3a", sky.haze, 0.5)));
  const turquoise = ["#2fa3c4", "#1f8fb8", "#38b2c0", "#2a7fb0", "#3a9bc9"][v % 5];
  svg.add(rect(0, horizon, W, H - horizon, svg.linear([[0, mix(turquoise, sky.low, 0.45)], [0.35, turquoise], [1, darken(turquoise, 0.45)]])));
  svg.add(`<g transform="matrix(1 0 0 -1 0 ${horizon * 2})" opacity="0.22">${far}</g>`);
  for (let i = 0; i < 70; i++) {
    const y = rng.float(horizon + 6, H - 20);
    const depth = (y - horizon) / (H - horizon);
    svg.add(rrect(rng.float(-50, W), y, rng.float(30, 240) * (0.4 + depth), 1.2 + depth * 2.5, 1, "#ffffff", `fill-opacity="${n1(rng.float(0.08, 0.3))}"`));
  }
  for (let i = 0; i < 14; i++) {
    const y = horizon + 8 + i * 14 + rng.float(-3, 3);
    svg.add(ellipse(sun.sunX + rng.float(-12, 12), y, 30 + i * 5 + rng.float(-8, 8), 2.5 + i * 0.2, sky.sun, `fill-opacity="${n1(0.55 - i * 0.03)}"`));
  }
  if (rng.chance(0.7)) {
    const bx = rng.float(150, 1050);
    const by = rng.float(horizon + 30, horizon + 80);
    const s = rng.float(0.6, 1.1);
    svg.add(pathEl(`M${n1(bx - 30 * s)},${n1(by)} L${n1(bx + 34 * s)},${n1(by)} L${n1(bx + 24 * s)},${n1(by + 9 * s)} L${n1(bx - 22 * s)},${n1(by + 9 * s)} Z`, "#f6f2ea"));
    svg.add(poly([[bx, by - 70 * s], [bx, by - 3], [bx - 26 * s, by - 3]], "#ffffff"));
    svg.add(poly([[bx + 3, by - 60 * s], [bx + 3, by - 3], [bx + 24 * s, by - 3]], "#f0e6d8"));
  }
  const shore = v % 3;
  if (shore === 0 || shore === 2) {
    const sand = ["#e8d3a2", "#dcc18e", "#efdcb2"][v % 3];
    const edge = hillPoints(rng, 670, 25, 4);
    svg.add(pathEl(smoothPath(edge), svg.linearAbs([[0, lighten(sand, 0.15)], [1, darken(sand, 0.15)]], 0, 640, 0, 800)));
    svg.add(`<path d="${smoothPath(edge).split(" L")[0]}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="5"/>`);
    for (let i = 0; i < rng.int(1, 3); i++) umbrella(svg, rng, rng.float(120, 1080), rng.float(730, 770));
    if (shore === 2) for (const x of [rng.float(20, 160), rng.float(1040, 1180)]) svg.add(poplar(x, 760, rng.float(260, 340), "#3f7a3a"));
  } else {
    // A wooden pier running out into the lake.
    const wood = "#8a6242";
    svg.add(poly([[560, 520], [640, 520], [760, H], [440, H]], svg.linear([[0, lighten(wood, 0.2)], [1, darken(wood, 0.2)]])));
    for (let y = 530; y < H; y += 10 + (y - 520) * 0.08) svg.add(line(560 - (y - 520) * 0.43, y, 640 + (y - 520) * 0.43, y, darken(wood, 0.35), 1.5, `stroke-opacity="0.6"`));
    for (const t of [0.25, 0.5, 0.75, 1]) {
      const y = 520 + (H - 520) * t;
      svg.add(rect(560 - (y - 520) * 0.43 - 8, y - 30 * t - 10, 8 + 6 * t, 30 * t + 20, darken(wood, 0.3)));
      svg.add(rect(640 + (y - 520) * 0.43, y - 30 * t - 10, 8 + 6 * t, 30 * t + 20, darken(wood, 0.3)));
    }
    for (const side of [-1, 1]) {
      for (let i = 0; i < 5; i++) svg.add(ellipse(side < 0 ? rng.float(0, 300) : rng.float(900, W), rng.float(720, 790), rng.float(40, 90), rng.float(14, 26), jitter(rng, "#7b7a70", 0.15)));
    }
  }
};

function umbrella(svg: Svg, rng: Rng, x: number, y: number) {
  const color = rng.pick(["#d9534f", "#f0ad4e", "#2f8fc8", "#e7e0c9", "#3aa37a"]);
  svg.add(line(x, y, x + 6, y - 150, "#6b5a48", 4));
  svg.add(pathEl(`M${n1(x - 85)},${n1(y - 135)} Q${n1(x + 6)},${n1(y - 215)} ${n1(x + 97)},${n1(y - 135)} Z`, color));
  svg.add(pathEl(`M${n1(x - 85)},${n1(y - 135)} Q${n1(x - 20)},${n1(y - 185)} ${n1(x + 6)},${n1(y - 175)} L${n1(x + 6)},${n1(y - 135)} Z`, "#ffffff", `fill-opacity="0.18"`));
  svg.add(ellipse(x + 20, y + 6, 90, 9, "#000000", `fill-opacity="0.12"`));
  const bed = rng.pick(["#ffffff", "#2f6db5", "#f3c14b"]);
  svg.add(poly([[x + 20, y - 8], [x + 120, y - 8], [x + 150, y - 40], [x + 140, y - 44], [x + 112, y - 16], [x + 20, y - 16]], bed, `stroke="${darken(bed, 0.3)}" stroke-width="1.5"`));
}

const yurts: Scene = (svg, rng, v) => {
  const sky = SKIES[[2, 0, 1, 4, 2][v % 5]];
  drawSky(svg, rng, sky, 470);
  alpineBackdrop(svg, rng, sky, 450, null);
  if (v % 2 === 1) {
    // Song-Kul: a band of high-altitude lake behind the pasture.
    svg.add(rect(0, 440, W, 40, svg.linear([[0, mix("#3f9fcf", sky.low, 0.4)], [1, "#2c7fb3"]])));
  }
  const meadow = MEADOWS[(v + 1) % MEADOWS.length];
  const h1 = hillPoints(rng, 470, 14, 5);
  svg.add(pathEl(smoothPath(h1), mix(meadow[0], sky.haze, 0.3)));
  const h2 = hillPoints(rng, 545, 20, 5);
  svg.add(pathEl(smoothPath(h2), svg.linearAbs([[0, meadow[0]], [1, meadow[1]]], 0, 520, 0, H)));
  for (let i = 0; i < 40; i++) {
    const x = rng.float(0, W);
    svg.add(ellipse(x, yAt(h2, x) + rng.float(40, 240), rng.float(20, 70), rng.float(2, 5), darken(meadow[1], 0.15), `fill-opacity="0.35"`));
  }
  const horses = rng.int(v % 2 ? 2 : 0, 4);
  for (let i = 0; i < horses; i++) {
    const x = rng.float(80, 1120);
    horse(x, yAt(h2, x) + rng.float(15, 60), rng.float(0.45, 0.7), rng.pick(["#5a3a24", "#2e2620", "#8a5a3a", "#d8d0c4"]), rng.chance(0.5));
  }
  function horse(x: number, y: number, s: number, c: string, flip: boolean) {
    const f = flip ? -1 : 1;
    const X = (dx: number) => x + dx * s * f;
    const Y = (dy: number) => y + dy * s;
    const neck: Pt[] = [[X(26), Y(-70)], [X(44), Y(-96)], [X(56), Y(-92)], [X(42), Y(-58)]];
    const headAngle = flip ? -62 : 62;
    const parts = [
      pathEl(`M${n1(X(-36))},${n1(Y(-64))} Q${n1(X(-52))},${n1(Y(-48))} ${n1(X(-46))},${n1(Y(-24))}`, "none", `stroke="${darken(c, 0.35)}" stroke-width="${n1(7 * s)}" stroke-linecap="round"`),
    ];
    for (const dx of [-30, -20, 22, 32]) parts.push(line(X(dx), Y(-50), X(dx + (dx > 0 ? 1 : -1)), Y(0), darken(c, dx === -20 || dx === 22 ? 0.15 : 0), 6 * s, `stroke-linecap="round"`));
    parts.push(
      ellipse(x, Y(-58), 40 * s, 16 * s, c),
      poly(neck, c),
      `<ellipse cx="${n1(X(60))}" cy="${n1(Y(-86))}" rx="${n1(16 * s)}" ry="${n1(7 * s)}" fill="${c}" transform="rotate(${headAngle} ${n1(X(60))} ${n1(Y(-86))})"/>`,
      poly([[X(28), Y(-72)], [X(44), Y(-98)], [X(40), Y(-100)], [X(22), Y(-74)]], darken(c, 0.35)),
    );
    svg.add(ellipse(x, y + 2, 42 * s, 5 * s, "#000000", `fill-opacity="0.12"`), ...parts);
  }
  const count = rng.int(3, 5);
  const spots = Array.from({ length: count }, (_, i) => {
    const x = 130 + ((W - 260) * (i + rng.float(0.1, 0.9))) / count;
    return { x, y: yAt(h2, x) + rng.float(60, 230) };
  }).sort((a, b) => a.y - b.y);
  for (const s of spots) yurt(svg, rng, s.x, s.y, 90 + (s.y - 540) * 0.75);
};

function yurt(svg: Svg, rng: Rng, cx: number, baseY: number, w: number) {
  const felt = rng.pick(["#f4efe4", "#efe7d6", "#f7f3ec", "#e9dfcb"]);
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const wallH = w * 0.38;
  const top = baseY - wallH;
  const roofH = w * 0.3;
  const shading = svg.linearAbs([[0, lighten(felt, 0.3)], [0.45, felt], [1, darken(felt, 0.28)]], x0, 0, x1, 0);
  svg.add(ellipse(cx + w * 0.06, baseY + w * 0.02, w * 0.6, w * 0.07, "#000000", `fill-opacity="0.16"`));
  svg.add(pathEl(`M${n1(x0)},${n1(baseY)} L${n1(x0)},${n1(top)} Q${n1(cx)},${n1(top + w * 0.05)} ${n1(x1)},${n1(top)} L${n1(x1)},${n1(baseY)} Q${n1(cx)},${n1(baseY + w * 0.06)} ${n1(x0)},${n1(baseY)} Z`, shading));
  const roofShade = svg.linearAbs([[0, lighten(felt, 0.2)], [0.5, darken(felt, 0.04)], [1, darken(felt, 0.32)]], x0, 0, x1, 0);
  svg.add(
    pathEl(
      `M${n1(x0 - w * 0.04)},${n1(top + 3)} Q${n1(x0 + w * 0.12)},${n1(top - roofH * 0.85)} ${n1(cx)},${n1(top - roofH)} Q${n1(x1 - w * 0.12)},${n1(top - roofH * 0.85)} ${n1(x1 + w * 0.04)},${n1(top + 3)} Q${n1(cx)},${n1(top + w * 0.07)} ${n1(x0 - w * 0.04)},${n1(top + 3)} Z`,
      roofShade,
    ),
  );
  const band = rng.pick(["#b3262e", "#1f4e8c", "#8c2f5c", "#c0502a"]);
  const bw = w * 0.06;
  svg.add(pathEl(`M${n1(x0)},${n1(top + 2)} Q${n1(cx)},${n1(top + w * 0.07)} ${n1(x1)},${n1(top + 2)} L${n1(x1)},${n1(top + 2 + bw)} Q${n1(cx)},${n1(top + w * 0.07 + bw)} ${n1(x0)},${n1(top + 2 + bw)} Z`, band));
  for (let i = 1; i < 9; i++) {
    const x = x0 + (w * i) / 9;
    const t = (x - x0) / w;
    const yMid = top + 2 + 4 * t * (1 - t) * (w * 0.035) + bw / 2;
    svg.add(poly([[x, yMid - bw * 0.3], [x + bw * 0.3, yMid], [x, yMid + bw * 0.3], [x - bw * 0.3, yMid]], "#f3d27a"));
  }
  for (const t of [0.3, 0.7]) {
    svg.add(pathEl(`M${n1(x0 + w * t * 0.3)},${n1(top + w * 0.02)} Q${n1(cx + (t - 0.5) * w * 0.4)},${n1(top - roofH * 0.5)} ${n1(cx + (t - 0.5) * w * 0.12)},${n1(top - roofH * 0.95)}`, "none", `stroke="#8a6a4a" stroke-width="${n1(Math.max(1, w * 0.012))}" stroke-opacity="0.7"`));
  }
  svg.add(ellipse(cx, top - roofH + w * 0.01, w * 0.07, w * 0.022, "#6b4a32"));
  const door = rng.pick(["#c0392b", "#d35400", "#b7412f", "#2e5c9a"]);
  const dx = cx + rng.float(-w * 0.18, w * 0.18);
  const dw = w * 0.17;
  const dh = wallH * 0.78;
  svg.add(rect(dx - dw / 2 - 2, baseY - dh - 2 + w * 0.03, dw + 4, dh + 2, "#d9a441"));
  svg.add(rect(dx - dw / 2, baseY - dh + w * 0.03, dw, dh, door));
  svg.add(line(dx, baseY - dh + w * 0.03, dx, baseY + w * 0.03, darken(door, 0.35), Math.max(1, w * 0.01)));
}

type Room = { wall: string; floor: string; accent: string; fabric: string; wood: string };
const ROOMS: Room[] = [
  { wall: "#ece5d8", floor: "#b88a5e", accent: "#3f6e8c", fabric: "#5b6f8a", wood: "#8a5a3a" },
  { wall: "#d8e3dc", floor: "#d2b48c", accent: "#c96f4a", fabric: "#6b8f71", wood: "#a0774f" },
  { wall: "#f0d9c8", floor: "#9a6b47", accent: "#2f4f6f", fabric: "#c9a66b", wood: "#6e4a30" },
  { wall: "#cfd8e3", floor: "#c7b299", accent: "#d9a441", fabric: "#b76e79", wood: "#7a5a42" },
  { wall: "#2f3e4e", floor: "#c9a77c", accent: "#e0b25b", fabric: "#d8cbb8", wood: "#8c6a48" },
  { wall: "#e6d3df", floor: "#a8845e", accent: "#4a7a6a", fabric: "#4a4a58", wood: "#5e4634" },
];

function roomShell(svg: Svg, rng: Rng, room: Room, floorY: number) {
  svg.add(rect(0, 0, W, floorY, svg.linear([[0, lighten(room.wall, 0.08)], [1, darken(room.wall, 0.08)]])));
  svg.add(rect(0, floorY, W, H - floorY, svg.linear([[0, darken(room.floor, 0.05)], [1, lighten(room.floor, 0.06)]])));
  let y = floorY;
  let row = 0;
  while (y < H) {
    const hgt = 10 + (y - floorY) * 0.18;
    svg.add(line(0, y, W, y, darken(room.floor, 0.25), 1.2, `stroke-opacity="0.55"`));
    for (let x = (row % 2) * 110 + rng.float(0, 60); x < W; x += 220 + rng.float(-20, 20)) svg.add(line(x, y, x, y + hgt, darken(room.floor, 0.25), 1, `stroke-opacity="0.45"`));
    y += hgt;
    row++;
  }
  svg.add(rect(0, floorY - 14, W, 16, lighten(room.wall, 0.55)));
  svg.add(rect(0, floorY - 14, W, 2, darken(room.wall, 0.15)));
}

/** A window with a small mountain view behind the glass. */
function windowView(svg: Svg, rng: Rng, x: number, y: number, w: number, h: number, frame: string, curtains?: string) {
  const sky = rng.pick(SKIES.filter((s) => !s.evening));
  const clip = svg.clip(`<rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}"/>`);
  const inner: string[] = [rect(x, y, w, h, svg.linear([[0, sky.top], [1, sky.low]]))];
  const rock = rng.pick(ROCK);
  inner.push(
    mountainRange(rng, {
      baseY: y + h * 0.78,
      peakMin: y + h * 0.25,
      peakMax: y + h * 0.5,
      count: 4,
      xFrom: x - 40,
      xTo: x + w + 40,
      color: mix(rock, sky.haze, 0.45),
      shade: darken(rock, 0.3),
      snow: { color: "#ffffff", shade: "#b6c6da", depth: [0.25, 0.4] },
    }),
  );
  inner.push(rect(x, y + h * 0.76, w, h * 0.24, mix("#5f8f4a", sky.haze, 0.3)));
  svg.add(`<g clip-path="${clip}">${inner.join("")}</g>`);
  svg.add(rect(x, y, w, h, "#ffffff", `fill-opacity="0.08"`));
  svg.add(rect(x - 12, y - 12, w + 24, 12, frame), rect(x - 12, y + h, w + 24, 12, frame), rect(x - 12, y, 12, h, frame), rect(x + w, y, 12, h, frame));
  svg.add(rect(x + w / 2 - 5, y, 10, h, frame), rect(x, y + h * 0.38 - 5, w, 10, frame));
  svg.add(rect(x - 26, y + h + 12, w + 52, 12, lighten(frame, 0.2)), rect(x - 26, y + h + 22, w + 52, 4, darken(frame, 0.2)));
  svg.add(poly([[x, y], [x + w * 0.45, y], [x, y + h * 0.6]], "#ffffff", `fill-opacity="0.1"`));
  if (curtains) {
    const folds = svg.linear(
      Array.from({ length: 9 }, (_, i) => [i / 8, i % 2 ? darken(curtains, 0.18) : lighten(curtains, 0.08)] as Stop),
      0,
      0,
      1,
      0,
    );
    svg.add(rect(x - 70, y - 40, w + 140, 8, "#3a3a3a"));
    svg.add(pathEl(`M${n1(x - 70)},${n1(y - 34)} L${n1(x + 20)},${n1(y - 34)} Q${n1(x + 10)},${n1(y + h * 0.6)} ${n1(x + 30)},${n1(y + h + 60)} L${n1(x - 70)},${n1(y + h + 60)} Z`, folds));
    svg.add(pathEl(`M${n1(x + w + 70)},${n1(y - 34)} L${n1(x + w - 20)},${n1(y - 34)} Q${n1(x + w - 10)},${n1(y + h * 0.6)} ${n1(x + w - 30)},${n1(y + h + 60)} L${n1(x + w + 70)},${n1(y + h + 60)} Z`, folds));
  }
}

function lampGlow(svg: Svg, x: number, y: number, r: number, color = "#ffd98a", strength = 0.55) {
  svg.add(circle(x, y, r, svg.radial([[0, color, strength], [0.4, color, strength * 0.35], [1, color, 0]])));
}

function plant(svg: Svg, rng: Rng, x: number, y: number, s: number) {
  const pot = rng.pick(["#c96f4a", "#e9e4da", "#3a3a3a", "#b8a07a"]);
  const leaf = rng.pick(["#3f7a46", "#4f8a3f", "#2f6a4a"]);
  for (let i = 0; i < 9; i++) {
    const a = -90 + rng.float(-65, 65);
    const len = rng.float(60, 110) * s;
    const ex = x + Math.cos((a * Math.PI) / 180) * len;
    const ey = y - 70 * s + Math.sin((a * Math.PI) / 180) * len;
    svg.add(`<ellipse cx="${n1((x + ex) / 2)}" cy="${n1((y - 70 * s + ey) / 2)}" rx="${n1(len / 2)}" ry="${n1(11 * s)}" fill="${jitter(rng, leaf, 0.15)}" transform="rotate(${n1(a)} ${n1((x + ex) / 2)} ${n1((y - 70 * s + ey) / 2)})"/>`);
  }
  svg.add(pathEl(`M${n1(x - 34 * s)},${n1(y - 75 * s)} L${n1(x + 34 * s)},${n1(y - 75 * s)} L${n1(x + 26 * s)},${n1(y)} L${n1(x - 26 * s)},${n1(y)} Z`, pot));
  svg.add(rect(x - 36 * s, y - 80 * s, 72 * s, 10 * s, darken(pot, 0.12)));
}

function wallArt(svg: Svg, rng: Rng, x: number, y: number, w: number, h: number) {
  const frame = rng.pick(["#2e2a26", "#c8a36a", "#f4f1ea", "#6e4a30"]);
  svg.add(rect(x + 6, y + 8, w, h, "#000000", `fill-opacity="0.12"`));
  svg.add(rect(x, y, w, h, frame));
  const ix = x + w * 0.1;
  const iy = y + h * 0.1;
  const iw = w * 0.8;
  const ih = h * 0.8;
  const paper = rng.pick(["#f3efe6", "#e9eef2", "#f6e9dc"]);
  svg.add(rect(ix, iy, iw, ih, paper));
  const palette = rng.pick([
    ["#2f6db5", "#e2a574", "#f3d27a"],
    ["#c0392b", "#2e5c9a", "#f3d27a"],
    ["#3f7a46", "#a3c4bc", "#d9a441"],
    ["#6a4c93", "#e85d75", "#f6a262"],
  ]);
  if (rng.chance(0.5)) {
    svg.add(poly([[ix, iy + ih], [ix + iw * 0.35, iy + ih * 0.35], [ix + iw * 0.6, iy + ih * 0.7], [ix + iw * 0.8, iy + ih * 0.45], [ix + iw, iy + ih]], palette[0]));
    svg.add(circle(ix + iw * 0.75, iy + ih * 0.25, Math.min(iw, ih) * 0.1, palette[2]));
  } else {
    svg.add(circle(ix + iw * 0.4, iy + ih * 0.45, Math.min(iw, ih) * 0.28, palette[0], `fill-opacity="0.85"`));
    svg.add(rect(ix + iw * 0.45, iy + ih * 0.3, iw * 0.4, ih * 0.5, palette[1], `fill-opacity="0.8"`));
    svg.add(rect(ix + iw * 0.15, iy + ih * 0.7, iw * 0.5, ih * 0.1, palette[2]));
  }
}

/** A felt shyrdak-style rug: bold border and mirrored horn motifs. */
function rug(svg: Svg, rng: Rng, cx: number, cy: number, w: number, h: number) {
  const [bg, fg] = rng.pick([
    ["#a8322d", "#f1e2c2"],
    ["#2f4f6f", "#e8c66a"],
    ["#d9cdb6", "#8a3a2e"],
    ["#4a6a4a", "#efe3c6"],
  ]);
  svg.add(ellipse(cx, cy + h * 0.05, w * 0.55, h * 0.6, "#000000", `fill-opacity="0.08"`));
  svg.add(poly([[cx - w * 0.42, cy - h / 2], [cx + w * 0.42, cy - h / 2], [cx + w / 2, cy + h / 2], [cx - w / 2, cy + h / 2]], bg));
  svg.add(poly([[cx - w * 0.36, cy - h * 0.36], [cx + w * 0.36, cy - h * 0.36], [cx + w * 0.42, cy + h * 0.36], [cx - w * 0.42, cy + h * 0.36]], "none", `stroke="${fg}" stroke-width="4"`));
  for (const dx of [-0.22, 0, 0.22]) {
    const x = cx + dx * w;
    svg.add(`<path d="M${n1(x - 24)},${n1(cy + 8)} q0,-22 24,-20 q24,-2 24,20 M${n1(x - 12)},${n1(cy + 8)} q0,-10 12,-9 q12,-1 12,9" fill="none" stroke="${fg}" stroke-width="4"/>`);
  }
}

const apartment: Scene = (svg, rng, v) => {
  const room = ROOMS[v % ROOMS.length];
  const floorY = 590;
  roomShell(svg, rng, room, floorY);
  const windowLeft = v % 2 === 0;
  const wx = windowLeft ? 110 : 830;
  windowView(svg, rng, wx, 120, 260, 330, rng.pick(["#f4f1ea", "#2e2a26", "#f4f1ea"]), lighten(room.fabric, 0.35));
  const sofaX = windowLeft ? 470 : 140;
  const sofaW = 560;
  const sofa = room.fabric;
  const sofaY = 400;
  lampGlow(svg, windowLeft ? sofaX + sofaW + 80 : sofaX - 60, 250, 230);
  wallArt(svg, rng, sofaX + 70, 170, 180, 130);
  if (rng.chance(0.7)) wallArt(svg, rng, sofaX + 290, 190, 130, 100);
  svg.add(ellipse(sofaX + sofaW / 2, floorY + 10, sofaW * 0.55, 18, "#000000", `fill-opacity="0.18"`));
  svg.add(rrect(sofaX + 20, sofaY, sofaW - 40, 150, 26, darken(sofa, 0.08)));
  svg.add(rrect(sofaX, sofaY + 70, 70, 140, 22, sofa), rrect(sofaX + sofaW - 70, sofaY + 70, 70, 140, 22, sofa));
  const seats = rng.int(2, 3);
  const seatW = (sofaW - 140) / seats;
  for (let i = 0; i < seats; i++) {
    svg.add(rrect(sofaX + 70 + i * seatW + 2, sofaY + 112, seatW - 4, 70, 14, svg.linear([[0, lighten(sofa, 0.12)], [1, darken(sofa, 0.05)]])));
    svg.add(rrect(sofaX + 72 + i * seatW + 4, sofaY + 30, seatW - 8, 88, 16, svg.linear([[0, lighten(sofa, 0.06)], [1, darken(sofa, 0.12)]])));
  }
  svg.add(rect(sofaX + 40, sofaY + 180, sofaW - 80, 24, darken(sofa, 0.2)));
  for (const lx of [sofaX + 50, sofaX + sofaW - 60]) svg.add(rect(lx, sofaY + 204, 10, 16, "#2e2a26"));
  for (const px of [sofaX + 95, sofaX + sofaW - 175]) {
    const pc = rng.pick([room.accent, lighten(room.accent, 0.3), "#f3efe6", "#d9a441"]);
    svg.add(`<rect x="${n1(px)}" y="${n1(sofaY + 55)}" width="80" height="66" rx="14" fill="${pc}" transform="rotate(${n1(rng.float(-12, 12))} ${n1(px + 40)} ${n1(sofaY + 88)})"/>`);
  }
  rug(svg, rng, sofaX + sofaW / 2, floorY + 120, 620, 120);
  const tx = sofaX + sofaW / 2;
  svg.add(ellipse(tx, floorY + 150, 150, 14, "#000000", `fill-opacity="0.15"`));
  svg.add(rrect(tx - 150, floorY + 60, 300, 18, 8, room.wood), rect(tx - 130, floorY + 78, 10, 70, darken(room.wood, 0.3)), rect(tx + 120, floorY + 78, 10, 70, darken(room.wood, 0.3)));
  svg.add(rect(tx - 100, floorY + 44, 70, 16, room.accent), rect(tx - 92, floorY + 32, 60, 12, "#f3efe6"));
  svg.add(pathEl(`M${n1(tx + 50)},${n1(floorY + 60)} Q${n1(tx + 38)},${n1(floorY + 30)} ${n1(tx + 56)},${n1(floorY + 10)} L${n1(tx + 76)},${n1(floorY + 10)} Q${n1(tx + 92)},${n1(floorY + 30)} ${n1(tx + 82)},${n1(floorY + 60)} Z`, rng.pick(["#3f6e8c", "#c96f4a", "#e9e4da"])));
  const lx = windowLeft ? sofaX + sofaW + 80 : sofaX - 60;
  svg.add(line(lx, 260, lx, floorY + 40, "#2e2a26", 6), ellipse(lx, floorY + 44, 34, 8, "#2e2a26"));
  svg.add(poly([[lx - 60, 260], [lx + 60, 260], [lx + 40, 190], [lx - 40, 190]], rng.pick(["#f4ead2", "#e9d6b0", "#ffffff"])));
  plant(svg, rng, windowLeft ? 60 : 1120, floorY + 60, 1.1);
};

const bedroom: Scene = (svg, rng, v) => {
  const room = ROOMS[(v + 2) % ROOMS.length];
  const floorY = 560;
  roomShell(svg, rng, room, floorY);
  const cx = 600 + rng.float(-60, 60);
  if (v % 3 === 0) {
    const slat = lighten(room.wood, 0.15);
    for (let x = cx - 330; x < cx + 330; x += 30) svg.add(rect(x, 60, 22, floorY - 74, jitter(rng, slat, 0.06)));
  } else if (v % 3 === 1) {
    svg.add(rect(cx - 340, 60, 680, floorY - 74, darken(room.wall, 0.12)));
  } else {
    const paper = mix(room.wall, room.accent, 0.25);
    svg.add(rect(0, 0, W, floorY - 14, paper));
    for (let x = 0; x < W; x += 48) svg.add(rect(x, 0, 18, floorY - 14, lighten(paper, 0.12), `fill-opacity="0.6"`));
  }
  const winX = rng.chance(0.5) ? 40 : W - 240;
  windowView(svg, rng, winX, 140, 190, 280, "#f4f1ea", lighten(room.fabric, 0.45));
  wallArt(svg, rng, cx - 130, 110, 260, 150);
  const head = rng.pick([room.fabric, darken(room.fabric, 0.15), "#d8cbb8", "#4a4a58"]);
  svg.add(rrect(cx - 270, 300, 540, 260, 26, head));
  for (let x = cx - 240; x < cx + 240; x += 60) svg.add(line(x + 30, 316, x + 30, 430, darken(head, 0.15), 3, `stroke-opacity="0.6"`));
  svg.add(ellipse(cx, 770, 360, 22, "#000000", `fill-opacity="0.2"`));
  svg.add(rrect(cx - 300, 520, 600, 230, 12, darken(room.wood, 0.1)));
  svg.add(rrect(cx - 290, 430, 580, 120, 20, "#f6f3ee"));
  const pillows = rng.int(2, 4);
  for (let i = 0; i < pillows; i++) {
    const pw = 520 / pillows;
    svg.add(rrect(cx - 260 + i * pw + 6, 395 + (i % 2) * 8, pw - 12, 80, 24, i % 2 && pillows > 2 ? room.accent : "#ffffff", `stroke="#e3ddd3" stroke-width="2"`));
  }
  const duvet = rng.pick(["#ffffff", lighten(room.fabric, 0.55), "#eef2f5", "#f6efe2"]);
  svg.add(pathEl(`M${n1(cx - 300)},${n1(505)} Q${n1(cx)},${n1(480)} ${n1(cx + 300)},${n1(505)} L${n1(cx + 315)},${n1(690)} Q${n1(cx)},${n1(710)} ${n1(cx - 315)},${n1(690)} Z`, svg.linear([[0, duvet], [1, darken(duvet, 0.12)]])));
  svg.add(pathEl(`M${n1(cx - 300)},${n1(505)} Q${n1(cx)},${n1(480)} ${n1(cx + 300)},${n1(505)} L${n1(cx + 302)},${n1(540)} Q${n1(cx)},${n1(518)} ${n1(cx - 302)},${n1(540)} Z`, lighten(duvet, 0.4)));
  const throwC = rng.pick([room.accent, "#a8322d", "#2f4f6f", "#c9a66b"]);
  svg.add(pathEl(`M${n1(cx - 312)},${n1(600)} Q${n1(cx)},${n1(618)} ${n1(cx + 312)},${n1(600)} L${n1(cx + 316)},${n1(660)} Q${n1(cx)},${n1(680)} ${n1(cx - 316)},${n1(660)} Z`, throwC));
  svg.add(pathEl(`M${n1(cx - 312)},${n1(614)} Q${n1(cx)},${n1(632)} ${n1(cx + 312)},${n1(614)}`, "none", `stroke="${lighten(throwC, 0.5)}" stroke-width="5"`));
  for (const side of [-1, 1]) {
    const nx = cx + side * 390;
    svg.add(rect(nx - 65, 470, 130, 120, room.wood), rect(nx - 65, 470, 130, 10, lighten(room.wood, 0.15)));
    svg.add(line(nx - 40, 530, nx + 40, 530, darken(room.wood, 0.35), 2), circle(nx, 552, 5, "#d9a441"));
    lampGlow(svg, nx, 380, 170);
    svg.add(rect(nx - 8, 410, 16, 60, "#e9e4da"), ellipse(nx, 470, 26, 6, "#e9e4da"));
    svg.add(poly([[nx - 50, 410], [nx + 50, 410], [nx + 36, 350], [nx - 36, 350]], rng.pick(["#f6ecd6", "#ffffff", "#efe0c0"])));
  }
  rug(svg, rng, cx, 760, 820, 70);
};

const hotel: Scene = (svg, rng, v) => {
  const sky = SKIES[[0, 3, 2, 5][v % 4]];
  drawSky(svg, rng, sky, 600, { clouds: rng.int(1, 3) });
  if (v % 2 === 0) alpineBackdrop(svg, rng, sky, 560, null);
  const groundY = 680;
  const style = v % 4;
  const floors = rng.int(5, 8);
  const floorH = 56;
  const bw = rng.float(560, 720);
  const bx = (W - bw) / 2 + rng.float(-120, 120);
  const top = groundY - 80 - floors * floorH;
  const facade = [["#efeae2", "#dcd5ca"], ["#e3c9a4", "#c9a880"], ["#c9d6e3", "#9fb4c8"], ["#f2efe9", "#d6cfc4"]][style];
  const wingLeft = rng.chance(0.5);
  const wingW = rng.float(180, 260);
  const wingX = wingLeft ? bx - wingW + 20 : bx + bw - 20;
  const wingTop = groundY - 80 - rng.int(2, 3) * floorH;
  for (const [x, w, t] of [[wingX, wingW, wingTop], [bx, bw, top]] as const) {
    svg.add(rect(x, t, w, groundY - t, svg.linearAbs([[0, facade[0]], [1, facade[1]]], x, 0, x + w, 0)));
    svg.add(rect(x - 10, t - 16, w + 20, 18, darken(facade[1], 0.25)));
  }
  if (style === 1) for (let i = 0; i < 3; i++) svg.add(rect(bx - 10, top + 40 + i * floorH * 2, bw + 20, 6, lighten(facade[0], 0.3)));
  const glass = svg.linear([[0, lighten(sky.mid, 0.1)], [1, darken(sky.low, 0.25)]]);
  const lit = "#ffd98a";
  const litChance = sky.evening ? 0.6 : 0.06;
  const drawWindows = (x: number, w: number, t: number) => {
    const cols = Math.floor((w - 40) / 74);
    const gap = (w - cols * 40) / (cols + 1);
    for (let fy = t + 22; fy < groundY - 100; fy += floorH) {
      for (let c = 0; c < cols; c++) {
        const wx = x + gap + c * (40 + gap);
        const fill = rng.chance(litChance) ? lit : glass;
        if (style === 1) {
          svg.add(pathEl(`M${n1(wx)},${n1(fy + 40)} L${n1(wx)},${n1(fy + 14)} A20,14 0 0 1 ${n1(wx + 40)},${n1(fy + 14)} L${n1(wx + 40)},${n1(fy + 40)} Z`, fill, `stroke="${darken(facade[1], 0.3)}" stroke-width="3"`));
        } else {
          svg.add(rect(wx, fy, 40, 40, fill, `stroke="${style === 2 ? "#5f7a94" : darken(facade[1], 0.35)}" stroke-width="3"`));
        }
        svg.add(line(wx + 20, fy + (style === 1 ? 4 : 0), wx + 20, fy + 40, darken(facade[1], 0.3), 2));
        if (style === 0 || style === 3) svg.add(rect(wx - 8, fy + 40, 56, 5, darken(facade[1], 0.3)));
      }
    }
  };
  drawWindows(wingX, wingW, wingTop);
  drawWindows(bx, bw, top);
  if (style === 2) for (let x = bx + 20; x < bx + bw; x += 60) svg.add(line(x, top, x, groundY - 80, "#ffffff", 2, `stroke-opacity="0.35"`));
  svg.add(rect(bx, groundY - 80, bw, 80, darken(facade[1], 0.5)));
  for (let x = bx + 12; x < bx + bw - 12; x += 70) svg.add(rect(x, groundY - 70, 60, 66, sky.evening ? mix(lit, "#7a5a3a", 0.4) : mix(sky.mid, "#2a3a4a", 0.4)));
  const ex = bx + bw / 2;
  svg.add(rect(ex - 110, groundY - 102, 220, 20, darken(facade[1], 0.65)), rect(ex - 104, groundY - 82, 6, 82, "#2e2a26"), rect(ex + 98, groundY - 82, 6, 82, "#2e2a26"));
  const sign = rng.pick(["#7a1f2b", "#1f3a5f", "#2e4a3a", "#3a2e26"]);
  svg.add(rect(ex - 120, top - 70, 240, 50, sign), rect(ex - 116, top - 66, 232, 42, "none", `stroke="#d9b45a" stroke-width="2"`));
  const stars = rng.int(3, 5);
  for (let i = 0; i < stars; i++) svg.add(star(ex - (stars - 1) * 22 + i * 44, top - 45, 13, "#e8c66a"));
  svg.add(rect(0, groundY, W, 40, "#b8b2a8"), rect(0, groundY + 40, W, H - groundY - 40, "#4a4d52"));
  for (let x = 40; x < W; x += 160) svg.add(rect(x, groundY + 95, 80, 8, "#e9e4da", `fill-opacity="0.7"`));
  for (let i = 0; i < 3; i++) svg.add(rect(ex - 80 - i * 12, groundY + i * 6, 160 + i * 24, 6, lighten("#b8b2a8", 0.1 + i * 0.05)));
  const treeColor = rng.pick(["#3f7a3a", "#4f8a3f", "#2f6a3a"]);
  for (const x of [bx - 60, bx + bw + 60, rng.float(30, 150), rng.float(1050, 1170)]) svg.add(poplar(x, groundY + 10, rng.float(240, 320), treeColor));
  for (const fx of [ex - 200, ex + 200]) {
    svg.add(line(fx, groundY, fx, groundY - 170, "#d8d8d8", 4));
    svg.add(rect(fx + 2, groundY - 168, 54, 34, "#d52b1e"), circle(fx + 29, groundY - 151, 9, "#ffd700"));
  }
  if (rng.chance(0.6)) car(svg, rng, rng.float(100, 900), groundY + 110);
};

function star(cx: number, cy: number, r: number, fill: string): string {
  const ps: Pt[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    ps.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return poly(ps, fill);
}

function car(svg: Svg, rng: Rng, x: number, y: number) {
  const c = rng.pick(["#c0392b", "#f4f1ea", "#2e5c9a", "#3a3a3a", "#b8b8b8"]);
  svg.add(ellipse(x + 110, y + 8, 120, 10, "#000000", `fill-opacity="0.25"`));
  svg.add(pathEl(`M${n1(x)},${n1(y)} L${n1(x)},${n1(y - 30)} Q${n1(x + 5)},${n1(y - 44)} ${n1(x + 40)},${n1(y - 46)} L${n1(x + 70)},${n1(y - 78)} L${n1(x + 160)},${n1(y - 78)} L${n1(x + 195)},${n1(y - 46)} Q${n1(x + 222)},${n1(y - 42)} ${n1(x + 222)},${n1(y - 20)} L${n1(x + 222)},${n1(y)} Z`, c));
  svg.add(poly([[x + 78, y - 72], [x + 112, y - 72], [x + 112, y - 48], [x + 56, y - 48]], "#9fb8cc"), poly([[x + 120, y - 72], [x + 156, y - 72], [x + 182, y - 48], [x + 120, y - 48]], "#9fb8cc"));
  for (const wx of [x + 50, x + 172]) svg.add(circle(wx, y, 22, "#222222"), circle(wx, y, 10, "#9a9a9a"));
}

const guesthouse: Scene = (svg, rng, v) => {
  const sky = SKIES[[0, 1, 2, 4][v % 4]];
  drawSky(svg, rng, sky, 520);
  alpineBackdrop(svg, rng, sky, 470, 540);
  const meadow = MEADOWS[v % MEADOWS.length];
  const ground = hillPoints(rng, 560, 8, 4);
  svg.add(pathEl(smoothPath(ground), svg.linearAbs([[0, meadow[0]], [1, meadow[1]]], 0, 540, 0, H)));
  const cx = 600 + rng.float(-120, 120);
  const hw = rng.float(210, 260);
  const wallTop = 430;
  const baseY = 620;
  const walls = rng.pick(["#f2efe8", "#efe2c4", "#dbe7ef", "#c9805e", "#a8764a"]);
  const roof = rng.pick(["#2e6fa7", "#3f8f5a", "#a83a32", "#5a6b7a"]);
  const trim = rng.pick(["#2e6fa7", "#ffffff", "#3a7a5a", "#6b3a2a"]);
  for (let i = 0; i < 2; i++) svg.add(roundTree(rng, rng.pick([rng.float(40, cx - hw - 90), rng.float(cx + hw + 90, 1160)]), 600, rng.float(200, 260), "#4f8a3f"));
  svg.add(rect(cx + hw * 0.45, wallTop - 150, 34, 90, "#8a5a44"), rect(cx + hw * 0.45 - 4, wallTop - 156, 42, 10, "#6b4434"));
  for (let i = 0; i < 4; i++) svg.add(circle(cx + hw * 0.45 + 17 + i * 14, wallTop - 170 - i * 26, 12 + i * 6, "#ffffff", `fill-opacity="${n1(0.5 - i * 0.1)}"`));
  svg.add(rect(cx - hw, wallTop, hw * 2, baseY - wallTop, svg.linearAbs([[0, lighten(walls, 0.1)], [1, darken(walls, 0.1)]], cx - hw, 0, cx + hw, 0)));
  svg.add(rect(cx - hw, baseY - 22, hw * 2, 22, darken(walls, 0.3)));
  const roofPts: Pt[] = [[cx - hw - 40, wallTop + 6], [cx - hw * 0.45, wallTop - 130], [cx + hw * 0.45, wallTop - 130], [cx + hw + 40, wallTop + 6]];
  svg.add(poly(roofPts, svg.linear([[0, lighten(roof, 0.15)], [1, darken(roof, 0.15)]])));
  for (let x = cx - hw - 30; x < cx + hw + 30; x += 16) {
    const t = (x - (cx - hw - 40)) / (2 * hw + 80);
    const topX = cx - hw * 0.45 + t * hw * 0.9;
    svg.add(line(x, wallTop + 4, topX, wallTop - 128, darken(roof, 0.25), 1.5, `stroke-opacity="0.5"`));
  }
  svg.add(rect(cx - hw - 40, wallTop, 2 * hw + 80, 10, darken(roof, 0.3)));
  const winCount = rng.int(2, 3);
  for (let i = 0; i < winCount; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const wx = cx + side * hw * (0.45 + (i >> 1) * 0.3) - 40;
    svg.add(rect(wx - 8, wallTop + 50, 96, 110, trim), rect(wx, wallTop + 58, 80, 94, svg.linear([[0, lighten(sky.mid, 0.3)], [1, darken(sky.low, 0.2)]])));
    svg.add(line(wx + 40, wallTop + 58, wx + 40, wallTop + 152, trim, 5), line(wx, wallTop + 100, wx + 80, wallTop + 100, trim, 5));
    svg.add(rect(wx - 36, wallTop + 50, 26, 110, darken(trim, 0.1)), rect(wx + 90, wallTop + 50, 26, 110, darken(trim, 0.1)));
  }
  svg.add(rect(cx - 40, wallTop + 60, 80, baseY - wallTop - 60, "#7a4a2e"), circle(cx + 25, wallTop + 130, 4, "#d9a441"));
  svg.add(rect(cx - 90, wallTop + 30, 180, 12, darken(trim, 0.2)), rect(cx - 86, wallTop + 42, 8, baseY - wallTop - 42, "#8a6242"), rect(cx + 78, wallTop + 42, 8, baseY - wallTop - 42, "#8a6242"));
  svg.add(poly([[cx - 50, baseY], [cx + 50, baseY], [cx + 160, H], [cx - 160, H]], "#c9b48e"));
  for (let i = 0; i < 8; i++) {
    const t = i / 8;
    const y = baseY + (H - baseY) * t;
    svg.add(ellipse(cx + rng.float(-30, 30) * (1 + t), y + 8, 26 + 40 * t, 6 + 6 * t, "#b09a72", `fill-opacity="0.6"`));
  }
  const fenceY = 700;
  const fence = rng.pick(["#a8764a", "#2e6fa7", "#f2efe8", "#3f8f5a"]);
  svg.add(rect(0, fenceY - 50, cx - 170, 8, darken(fence, 0.15)), rect(cx + 170, fenceY - 50, W - cx - 170, 8, darken(fence, 0.15)));
  for (let x = 0; x < W; x += 34) {
    if (x > cx - 190 && x < cx + 170) continue;
    svg.add(poly([[x, fenceY + 20], [x, fenceY - 80], [x + 11, fenceY - 94], [x + 22, fenceY - 80], [x + 22, fenceY + 20]], jitter(rng, fence, 0.06)));
  }
  const flowers = ["#e85d75", "#f4e04d", "#ffffff", "#b48ee0", "#ff8c42"];
  for (let i = 0; i < 120; i++) {
    const x = rng.float(0, W);
    if (Math.abs(x - cx) < 120) continue;
    const y = rng.float(fenceY + 24, H);
    svg.add(line(x, y, x, y - 14, "#3f7a3a", 2), circle(x, y - 16, rng.float(4, 7), rng.pick(flowers)));
  }
  for (let i = 0; i < 2; i++) svg.add(roundTree(rng, i === 0 ? rng.float(60, 200) : rng.float(1000, 1140), H + 20, rng.float(320, 400), "#4a8a3a", "#d8342c"));
};

const sauna: Scene = (svg, rng, v) => {
  const wood = ["#c48a52", "#b57a45"][v % 2];
  for (let y = 0, i = 0; y < H; y += 42, i++) {
    svg.add(rect(0, y, W, 42, jitter(rng, wood, 0.08)));
    svg.add(line(0, y, W, y, darken(wood, 0.4), 2, `stroke-opacity="0.55"`));
    for (let x = rng.float(0, 300); x < W; x += rng.float(260, 420)) svg.add(ellipse(x, y + 21, rng.float(8, 18), 3, darken(wood, 0.25), `fill-opacity="0.4"`));
    if (i % 3 === 0) svg.add(line(rng.float(100, 1100), y, rng.float(100, 1100), y + 42, darken(wood, 0.35), 1.5, `stroke-opacity="0.4"`));
  }
  const lampX = v % 2 === 0 ? 900 : 300;
  lampGlow(svg, lampX, 180, 420, "#ffb65c", 0.5);
  svg.add(rect(0, 0, W, H, svg.radial([[0, "#000000", 0], [0.7, "#000000", 0.15], [1, "#000000", 0.45]], 0.5, 0.45, 0.75)));
  svg.add(rrect(lampX - 70, 150, 140, 70, 10, darken(wood, 0.2)));
  for (let i = 0; i < 6; i++) svg.add(rect(lampX - 62 + i * 22, 150, 12, 70, lighten("#ffd98a", 0.2), `fill-opacity="0.85"`));
  const winX = v % 2 === 0 ? 160 : 860;
  svg.add(rect(winX - 10, 130, 200, 150, darken(wood, 0.35)), rect(winX, 140, 180, 130, svg.linear([[0, "#fff3dc"], [1, "#d9c4a0"]])));
  const bench = lighten(wood, 0.2);
  const stoveLeft = v % 2 === 0;
  const bx0 = stoveLeft ? 360 : 0;
  const bx1 = stoveLeft ? W : W - 360;
  for (const [y, depth] of [[420, 60], [580, 70]] as const) {
    for (let k = 0; k < 3; k++) svg.add(rect(bx0, y + k * (depth / 3), bx1 - bx0, depth / 3 - 4, jitter(rng, bench, 0.05)));
    svg.add(rect(bx0, y + depth, bx1 - bx0, 14, darken(wood, 0.3)));
    for (let x = bx0 + 60; x < bx1; x += 220) svg.add(rect(x, y + depth + 14, 20, (y === 420 ? 580 : H) - y - depth - 14, darken(wood, 0.2)));
  }
  svg.add(rect(0, 720, W, 80, darken(wood, 0.45)));
  const sx = stoveLeft ? 70 : W - 330;
  svg.add(rrect(sx, 470, 260, 250, 12, "#2e2e33"), rect(sx + 40, 600, 180, 90, "#1c1c20"));
  svg.add(rect(sx + 50, 610, 160, 70, svg.linear([[0, "#ff9a3c"], [1, "#c2410c"]]), `fill-opacity="0.85"`));
  lampGlow(svg, sx + 130, 650, 160, "#ff8a3c", 0.45);
  for (let i = 0; i < 34; i++) {
    const x = sx + 20 + rng.float(0, 220);
    const y = 470 - rng.float(0, 70) * (1 - Math.abs(x - sx - 130) / 150);
    svg.add(ellipse(x, y, rng.float(16, 26), rng.float(11, 17), jitter(rng, "#7a7a80", 0.25)));
  }
  const bux = stoveLeft ? 520 : 640;
  svg.add(pathEl(`M${n1(bux)},${n1(580)} L${n1(bux + 110)},${n1(580)} L${n1(bux + 95)},${n1(500)} L${n1(bux + 15)},${n1(500)} Z`, lighten(wood, 0.05)));
  for (const y of [515, 565]) svg.add(line(bux + 4, y, bux + 106, y, "#9a9a9a", 5));
  svg.add(line(bux + 55, 500, bux + 140, 430, darken(wood, 0.2), 8));
  const towel = rng.pick(["#ffffff", "#e9d6b0", "#a8c4d8"]);
  svg.add(rrect(stoveLeft ? 900 : 200, 390, 160, 34, 8, towel), rrect(stoveLeft ? 910 : 210, 366, 140, 28, 8, darken(towel, 0.06)));
  for (let i = 0; i < 6; i++) svg.add(ellipse(sx + 130 + rng.float(-80, 80), 360 - i * 45, rng.float(60, 120), rng.float(25, 45), "#ffffff", `fill-opacity="${n1(0.06 + rng.float(0, 0.06))}"`));
};

const pool: Scene = (svg, rng, v) => {
  const sky = SKIES[[2, 1][v % 2]];
  drawSky(svg, rng, sky, 480);
  alpineBackdrop(svg, rng, sky, 450, 500);
  const treeColor = "#3f7a3a";
  for (let x = -20; x < W + 40; x += rng.float(50, 90)) svg.add(poplar(x, 530, rng.float(150, 230), jitter(rng, treeColor, 0.1)));
  svg.add(rect(0, 500, W, H - 500, svg.linear([[0, "#d8d2c6"], [1, "#bdb5a6"]])));
  for (let y = 510; y < H; y += 14 + (y - 500) * 0.12) svg.add(line(0, y, W, y, "#a89f90", 1.2, `stroke-opacity="0.5"`));
  const poolPts: Pt[] = [[260, 540], [940, 540], [1120, 770], [80, 770]];
  svg.add(poly([[240, 530], [960, 530], [1150, 785], [50, 785]], "#f4f1ea"));
  const water = svg.linear([[0, "#7fd6e8"], [0.5, "#34b3d4"], [1, "#1d7fb0"]]);
  svg.add(poly(poolPts, water));
  const clip = svg.clip(`<polygon points="${pts(poolPts)}"/>`);
  const waves: string[] = [];
  for (let i = 0; i < 40; i++) {
    const y = rng.float(550, 770);
    const x = rng.float(60, 1100);
    const w = rng.float(40, 120) * (0.6 + (y - 540) / 300);
    waves.push(`<path d="M${n1(x)},${n1(y)} q${n1(w / 4)},-6 ${n1(w / 2)},0 t${n1(w / 2)},0" fill="none" stroke="#ffffff" stroke-opacity="${n1(rng.float(0.2, 0.45))}" stroke-width="${n1(1.5 + (y - 540) / 100)}"/>`);
  }
  svg.add(`<g clip-path="${clip}">${waves.join("")}${poly([[260, 540], [940, 540], [900, 580], [300, 580]], sky.low, `fill-opacity="0.25"`)}</g>`);
  const lx = v % 2 === 0 ? 870 : 300;
  svg.add(`<path d="M${lx},600 q-12,-50 18,-70 M${lx + 40},600 q-12,-50 18,-70" fill="none" stroke="#c8c8c8" stroke-width="6"/>`);
  for (let i = 0; i < 3; i++) {
    const x = v % 2 === 0 ? 40 + i * 120 : 880 + i * 110;
    if (x > 1180) break;
    const y = 660 + (i % 2) * 40;
    const c = rng.pick(["#ffffff", "#f3c14b", "#2f6db5"]);
    svg.add(ellipse(x + 50, y + 40, 70, 8, "#000000", `fill-opacity="0.15"`));
    svg.add(poly([[x, y], [x + 80, y], [x + 110, y - 60], [x + 96, y - 66], [x + 70, y - 12], [x, y - 12]], c, `stroke="${darken(c, 0.25)}" stroke-width="2"`));
    svg.add(line(x + 6, y, x + 6, y + 36, "#777777", 4), line(x + 74, y, x + 74, y + 36, "#777777", 4));
  }
  umbrella(svg, rng, v % 2 === 0 ? 240 : 1000, 650);
  plant(svg, rng, v % 2 === 0 ? 1130 : 70, 790, 1.3);
};

const kitchen: Scene = (svg, rng, v) => {
  const room = ROOMS[(v + 1) % ROOMS.length];
  const cab = rng.pick(["#f4f1ea", "#9fb5a0", "#2f4f6f", "#c8a47e", "#e8dccb"]);
  const counter = rng.pick(["#e9e6e0", "#3a3a3a", "#b88a5e", "#d8d2c6"]);
  svg.add(rect(0, 0, W, H, svg.linear([[0, lighten(room.wall, 0.05)], [1, darken(room.wall, 0.1)]])));
  const tile = rng.pick(["#ffffff", "#d8e6ea", "#e9d8c4", "#2f6f7a"]);
  svg.add(rect(0, 360, W, 170, darken(tile, 0.15)));
  for (let y = 362, row = 0; y < 530; y += 28, row++) for (let x = -(row % 2) * 28; x < W; x += 56) svg.add(rect(x + 2, y, 52, 25, jitter(rng, tile, 0.04)));
  const winX = 460 + rng.float(-80, 80);
  windowView(svg, rng, winX, 110, 280, 220, "#f4f1ea");
  for (const [x0, x1] of [[20, winX - 60], [winX + 340, W - 20]] as const) {
    const doors = Math.max(1, Math.round((x1 - x0) / 150));
    const dw = (x1 - x0) / doors;
    for (let i = 0; i < doors; i++) {
      const x = x0 + i * dw;
      svg.add(rect(x + 3, 80, dw - 6, 250, cab, `stroke="${darken(cab, 0.2)}" stroke-width="2"`), rect(x + 18, 95, dw - 36, 220, "none", `stroke="${darken(cab, 0.12)}" stroke-width="2"`));
      svg.add(rect(x + (i % 2 ? 14 : dw - 22), 280, 6, 36, "#8a8a8a"));
    }
  }
  svg.add(rect(0, 530, W, 26, counter), rect(0, 556, W, 6, darken(counter, 0.3)));
  for (let x = 0; x < W; x += 150) {
    svg.add(rect(x + 3, 564, 144, 176, cab, `stroke="${darken(cab, 0.2)}" stroke-width="2"`), rect(x + 50, 580, 50, 6, "#8a8a8a"));
  }
  svg.add(rect(0, 740, W, 60, darken(room.floor, 0.15)));
  const stoveX = v % 2 === 0 ? 900 : 120;
  svg.add(rect(stoveX, 564, 180, 176, "#2e2e33"), rect(stoveX + 16, 600, 148, 110, "#1c1c20", `stroke="#6a6a6a" stroke-width="3"`), rect(stoveX + 30, 580, 120, 8, "#8a8a8a"));
  for (const dx of [40, 140]) svg.add(ellipse(stoveX + dx, 526, 30, 6, "#2e2e33"));
  svg.add(poly([[stoveX + 10, 300], [stoveX + 170, 300], [stoveX + 130, 230], [stoveX + 50, 230]], "#b8b8bc"), rect(stoveX + 60, 60, 60, 170, "#c8c8cc"));
  const pot = rng.pick(["#c0392b", "#2e5c9a", "#3a3a3a"]);
  svg.add(rrect(stoveX + 100, 470, 80, 55, 8, pot), rect(stoveX + 96, 466, 88, 8, darken(pot, 0.2)));
  const sx = winX + 140;
  svg.add(rect(sx - 90, 528, 180, 6, "#9a9a9a"), `<path d="M${sx},528 L${sx},460 Q${sx},440 ${sx + 30},440 L${sx + 40},440 L${sx + 40},462" fill="none" stroke="#a0a0a0" stroke-width="8"/>`);
  const bowlX = v % 2 === 0 ? 260 : 980;
  svg.add(pathEl(`M${bowlX - 60},505 Q${bowlX},560 ${bowlX + 60},505 Z`, rng.pick(["#e9e4da", "#c96f4a", "#3f6e8c"])));
  for (let i = 0; i < 6; i++) svg.add(circle(bowlX - 40 + i * 16, 500 - (i % 2) * 12, 14, rng.pick(["#d8342c", "#f0ad4e", "#8dc63f", "#f4e04d"])));
  svg.add(rrect(bowlX + 90, 430, 70, 100, 10, room.wood), circle(bowlX + 125, 445, 8, darken(room.wood, 0.3)));
  plant(svg, rng, v % 2 === 0 ? 400 : 780, 528, 0.6);
  for (const px of [winX - 140, winX + 420]) {
    svg.add(line(px, 0, px, 120, "#2e2a26", 3));
    lampGlow(svg, px, 160, 170, "#ffd98a", 0.45);
    svg.add(pathEl(`M${px - 50},160 Q${px},90 ${px + 50},160 Z`, rng.pick(["#2e2a26", "#c8a36a", "#f4f1ea"])));
  }
};

const SCENES: Record<PhotoTheme, Scene> = { mountains, lake, yurts, apartment, bedroom, hotel, guesthouse, sauna, pool, kitchen };
