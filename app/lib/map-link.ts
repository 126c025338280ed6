/**
 * A link to a point on OpenStreetMap: the estate page's location and the paid trip's address
 * open the same map, without our map script, in a new tab (or the phone's map app).
 */
export function openStreetMapUrl(lat: number, lng: number): string {
  const y = lat.toFixed(5);
  const x = lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${y}&mlon=${x}#map=15/${y}/${x}`;
}
