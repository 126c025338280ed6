/**
 * The server renders the search filter directly; in the browser bundle this module is empty (a
 * `.server` module), so there the form comes from a lazily loaded chunk (app/components/deferred.tsx).
 */
export { FilterForm } from "./filter-form";
