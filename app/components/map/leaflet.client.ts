/**
 * Leaflet for the maps of the search list and the estate page. Only the lazy map modules import
 * this file, so Leaflet and its stylesheet travel to the browser when a map is opened, never with
 * a page's first load (docs/decisions/0008-leaflet-on-demand.md). `.client` keeps it out of the
 * server build: Leaflet touches `window` as soon as it loads.
 */
import * as L from "leaflet";
import leafletCss from "leaflet/dist/leaflet.css?url";

export { L };

/** The tile server of the configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export type Tiles = { url: string; attribution: string };

let stylesheet: Promise<void> | null = null;

/** Adds Leaflet's stylesheet to the page once; resolves when it applies (or failed: the map still works, plainer). */
export function loadLeafletCss(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = leafletCss;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

/**
 * A map in `element` with the configured tiles. Tiles that fail to load (a server down, a phone
 * offline) leave a plain background: markers and controls keep working, and `onTilesFailed` is
 * told once so the page can say why the map looks empty.
 */
export function createMap(element: HTMLElement, tiles: Tiles, options: L.MapOptions & { onTilesFailed?: () => void } = {}): L.Map {
  const { onTilesFailed, ...mapOptions } = options;
  const map = L.map(element, { zoomSnap: 0.5, ...mapOptions });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
  let told = false;
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 })
    .on("tileerror", () => {
      if (told) return;
      told = true;
      onTilesFailed?.();
    })
    .addTo(map);
  return map;
}

/** A marker drawn with HTML (a price pill, a pin): no image files, centred on its point by CSS. */
export function htmlIcon(html: string): L.DivIcon {
  return L.divIcon({ html, className: "konok-marker group", iconSize: [0, 0] });
}
