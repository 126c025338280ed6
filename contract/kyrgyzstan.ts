/**
 * Where Kyrgyzstan is: the outline a listing's point must lie in (the wizard's address step, the
 * API and the form alike). A box is not enough: the country's box holds Tashkent, Almaty, Andijan
 * and Khujand. The outline is Natural Earth's 1:110m admin-0 border of Kyrgyzstan (public domain),
 * 34 points; that simplification cuts corners by up to about ten kilometres (Kochkor-Ata, by the Uzbek border, is 9 km outside it), so a point within
 * BORDER_TOLERANCE_KM of the outline counts as inside: a village on the border is never refused,
 * at the price of accepting a point just across it (a host's own typo there is rare and harmless:
 * the guest still sees the pin).
 */

/** [longitude, latitude] pairs, as GeoJSON writes them; the ring is closed (last = first). */
export const KG_OUTLINE: readonly (readonly [number, number])[] = [
  [70.962315, 42.266154], [71.186281, 42.704293], [71.844638, 42.845395], [73.489758, 42.500894],
  [73.645304, 43.091272], [74.212866, 43.298339], [75.636965, 42.8779], [76.000354, 42.988022],
  [77.658392, 42.960686], [79.142177, 42.856092], [79.643645, 42.496683], [80.25999, 42.349999],
  [80.11943, 42.123941], [78.543661, 41.582243], [78.187197, 41.185316], [76.904484, 41.066486],
  [76.526368, 40.427946], [75.467828, 40.562072], [74.776862, 40.366425], [73.822244, 39.893973],
  [73.960013, 39.660008], [73.675379, 39.431237], [71.784694, 39.279463], [70.549162, 39.604198],
  [69.464887, 39.526683], [69.55961, 40.103211], [70.648019, 39.935754], [71.014198, 40.244366],
  [71.774875, 40.145844], [73.055417, 40.866033], [71.870115, 41.3929], [71.157859, 41.143587],
  [70.420022, 41.519998], [71.259248, 42.167711], [70.962315, 42.266154],
];

/** The box around the outline (with its tolerance): where a map of the country looks. */
export const KG_BOUNDS = { latMin: 39.2, latMax: 43.4, lngMin: 69.2, lngMax: 80.4 } as const;

export const BORDER_TOLERANCE_KM = 12;

const KM_PER_DEGREE = 111.32;

/** Ray casting: whether the point is inside the outline itself. */
function insideOutline(lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = KG_OUTLINE.length - 1; i < KG_OUTLINE.length; j = i++) {
    const [xi, yi] = KG_OUTLINE[i];
    const [xj, yj] = KG_OUTLINE[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Kilometres from the point to the outline's nearest edge (flat within a few kilometres: fine here). */
function kmToOutline(lat: number, lng: number): number {
  const kx = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const ky = KM_PER_DEGREE;
  let best = Infinity;
  for (let i = 1; i < KG_OUTLINE.length; i++) {
    const [ax, ay] = [(KG_OUTLINE[i - 1][0] - lng) * kx, (KG_OUTLINE[i - 1][1] - lat) * ky];
    const [bx, by] = [(KG_OUTLINE[i][0] - lng) * kx, (KG_OUTLINE[i][1] - lat) * ky];
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Whether a point (degrees) lies in Kyrgyzstan, its border with BORDER_TOLERANCE_KM to spare. */
export function isInKyrgyzstan(lat: number, lng: number): boolean {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (lat < KG_BOUNDS.latMin || lat > KG_BOUNDS.latMax || lng < KG_BOUNDS.lngMin || lng > KG_BOUNDS.lngMax) return false;
  return insideOutline(lat, lng) || kmToOutline(lat, lng) <= BORDER_TOLERANCE_KM;
}
