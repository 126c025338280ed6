/**
 * The one module pages import lazily for a map (`import("~/components/map/maps.client")`): the
 * map, Leaflet and its stylesheet. One lazy entry keeps the bundler's shared chunks, and so every
 * page's first load, as they were.
 */
export { default as SearchMap } from "./search-map.client";
