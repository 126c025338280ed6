import { sql } from "drizzle-orm";
import type { Localized, Photo } from "../../contract/common";
import type { Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { localize } from "../lib/locale";
import { intArray } from "../lib/sql";

/** The variant `url` points at: big enough for a card or a phone screen, small enough for 3G. */
export const DEFAULT_PHOTO_WIDTH = 800;
/** Photos a card carries; a detail page carries them all. */
export const CARD_PHOTO_LIMIT = 5;

export type PhotoRow = {
  estate_id: number;
  id: number;
  key: string;
  width: number;
  height: number;
  variants: number[];
  alt: Localized;
};

export function toPhoto(row: PhotoRow, fallbackAlt: string, view: Presentation): Photo {
  const widths = [...row.variants].sort((a, b) => a - b);
  const fileUrl = (width: number) => `${view.uploadsUrl}/${row.key}-${width}.webp`;
  const main = widths.filter((w) => w <= DEFAULT_PHOTO_WIDTH).at(-1) ?? widths[0];
  return {
    id: row.id,
    url: main === undefined ? "" : fileUrl(main),
    srcset: widths.map((w) => `${fileUrl(w)} ${w}w`).join(", "),
    width: row.width,
    height: row.height,
    alt: localize(row.alt, view.locale) || fallbackAlt,
  };
}

/** Photo rows of many estates in one query, in display order, at most `perEstate` each (null: all). */
export async function loadPhotoRows(db: Db, estateIds: number[], perEstate: number | null): Promise<Map<number, PhotoRow[]>> {
  const byEstate = new Map<number, PhotoRow[]>();
  if (estateIds.length === 0) return byEstate;
  const { rows } = await db.execute<PhotoRow>(sql`
    SELECT ids.id AS estate_id, p.id, p.key, p.width, p.height, p.variants, p.alt
    FROM unnest(${intArray(estateIds)}) AS ids(id)
    CROSS JOIN LATERAL (
      SELECT * FROM estate_photos ph WHERE ph.estate_id = ids.id ORDER BY ph.sort_order, ph.id LIMIT ${perEstate}
    ) p`);
  for (const row of rows) {
    const list = byEstate.get(row.estate_id) ?? [];
    list.push(row);
    byEstate.set(row.estate_id, list);
  }
  return byEstate;
}
