/**
 * The one module pages import lazily for a map (`import("~/components/map/maps.client")`): the
 * maps, Leaflet and its stylesheet. One lazy entry rather than several keeps the bundler's shared
 * chunks, and so every page's first load, as they were.
 */
export { default as SearchMap } from "./search-map.client";
export { default as LocationMap } from "./location-map.client";
export { default as PinMap } from "./pin-map.client";
