/**
 * The server renders the search filter directly; in the browser bundle this module is empty (a
 * `.rendered` module, emptied by vite.config.ts), so there the form comes from a lazily loaded
 * chunk (app/components/deferred.tsx).
 */
export { FilterForm } from "./filter-form";
