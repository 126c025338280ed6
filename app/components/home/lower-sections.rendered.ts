/**
 * The server renders the home page's lower parts directly; in the browser bundle this module is
 * empty (a `.rendered` module, emptied by vite.config.ts), so there they come from a lazily loaded
 * chunk (app/components/deferred.tsx).
 */
export { LowerSections } from "./lower-sections";
