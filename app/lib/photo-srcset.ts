import type { Photo } from "../../contract/common";
import type { EstateCard, EstateDetail } from "../../contract/estate";

/**
 * Most photos are stored in the same three widths (api/services/listing/photo-processing.ts), and
 * their srcset follows from their url: loaders leave such a srcset out of the page's data (it is
 * inlined into the HTML once more for hydration), and the components write it again.
 */
const STANDARD_WIDTHS = [400, 800, 1200];

function standardSrcset(url: string): string | null {
  const match = /^(.*)-\d+\.webp$/.exec(url);
  return match ? STANDARD_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(", ") : null;
}

/** The photo without its srcset when the url implies it. */
export function packSrcset<P extends { url: string; srcset: string }>(photo: P): Omit<P, "srcset"> & { srcset?: string } {
  if (standardSrcset(photo.url) !== photo.srcset) return photo;
  const { srcset: _implied, ...rest } = photo;
  return rest;
}

/** A photo's srcset, written again from its url when the loader left it out. */
export function srcsetOf(photo: { url: string; srcset?: string }): string {
  return photo.srcset ?? standardSrcset(photo.url) ?? "";
}

/** A photo as a page's data carries it: its srcset may be left to `srcsetOf`. */
export type PagePhoto = Omit<Photo, "srcset"> & { srcset?: string };
/**
 * The estate page's estate: its photos' and its units' photos' srcsets packed; its amenities and
 * house rules apart (`EstateShownOnly`), as only the server renders them for a document.
 */
export type PageEstate = Omit<EstateDetail, "photos" | "children" | keyof EstateShownOnly> & { photos: PagePhoto[]; children: PageUnit[] };
export type EstateShownOnly = Pick<EstateDetail, "description" | "parameters" | "nutrition" | "houseRules">;
export type PageUnit = Omit<EstateCard, "photos"> & { photos: PagePhoto[] };
