import type { Photo } from "../../../contract/common";
import type { Presentation } from "../../lib/context";
import { DEFAULT_PHOTO_WIDTH } from "../photos";

/** Widths stored for a content cover (the same WebP variants as estate photos), 3:2. */
const COVER_WIDTHS = [400, 800, 1200];

/** A cover photo of an article or promo from its storage key (`demo/lake-1`). */
export function coverPhoto(key: string | null, alt: string, view: Presentation): Photo | null {
  if (!key) return null;
  const fileUrl = (width: number) => `${view.uploadsUrl}/${key}-${width}.webp`;
  return {
    id: 0,
    url: fileUrl(DEFAULT_PHOTO_WIDTH),
    srcset: COVER_WIDTHS.map((w) => `${fileUrl(w)} ${w}w`).join(", "),
    width: 1200,
    height: 800,
    alt,
  };
}
