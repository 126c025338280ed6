/**
 * All translations, bundled into the server build and held in memory. Only `*.server.ts` files
 * import this, so none of it reaches the browser bundle; the page inlines what it needs.
 */
import ruCommon from "../locales/ru/common.json";
import ruHome from "../locales/ru/home.json";
import ruEstates from "../locales/ru/estates.json";
import ruEstate from "../locales/ru/estate.json";
import ruErrors from "../locales/ru/errors.json";
import enCommon from "../locales/en/common.json";
import enHome from "../locales/en/home.json";
import enEstates from "../locales/en/estates.json";
import enEstate from "../locales/en/estate.json";
import enErrors from "../locales/en/errors.json";
import kyCommon from "../locales/ky/common.json";
import kyHome from "../locales/ky/home.json";
import kyEstates from "../locales/ky/estates.json";
import kyEstate from "../locales/ky/estate.json";
import kyErrors from "../locales/ky/errors.json";
import ruAuth from "../locales/ru/auth.json";
import ruAccount from "../locales/ru/account.json";
import enAuth from "../locales/en/auth.json";
import enAccount from "../locales/en/account.json";
import kyAuth from "../locales/ky/auth.json";
import kyAccount from "../locales/ky/account.json";
import ruBooking from "../locales/ru/booking.json";
import ruHosting from "../locales/ru/hosting.json";
import enHosting from "../locales/en/hosting.json";
import kyHosting from "../locales/ky/hosting.json";
import enBooking from "../locales/en/booking.json";
import kyBooking from "../locales/ky/booking.json";
import ruMap from "../locales/ru/map.json";
import enMap from "../locales/en/map.json";
import kyMap from "../locales/ky/map.json";
import ruContent from "../locales/ru/content.json";
import enContent from "../locales/en/content.json";
import kyContent from "../locales/ky/content.json";
import ruListing from "../locales/ru/listing.json";
import enListing from "../locales/en/listing.json";
import kyListing from "../locales/ky/listing.json";
import ruAdmin from "../locales/ru/admin.json";
import enAdmin from "../locales/en/admin.json";
import kyAdmin from "../locales/ky/admin.json";
import type { Locale, Namespace } from "./config";

type Resources = Record<Locale, Record<Namespace, Record<string, unknown>>>;

export const resources: Resources = {
  ru: { common: ruCommon, home: ruHome, estates: ruEstates, estate: ruEstate, errors: ruErrors, auth: ruAuth, account: ruAccount, booking: ruBooking, map: ruMap, content: ruContent, listing: ruListing, hosting: ruHosting, admin: ruAdmin },
  en: { common: enCommon, home: enHome, estates: enEstates, estate: enEstate, errors: enErrors, auth: enAuth, account: enAccount, booking: enBooking, map: enMap, content: enContent, listing: enListing, hosting: enHosting, admin: enAdmin },
  ky: { common: kyCommon, home: kyHome, estates: kyEstates, estate: kyEstate, errors: kyErrors, auth: kyAuth, account: kyAccount, booking: kyBooking, map: kyMap, content: kyContent, listing: kyListing, hosting: kyHosting, admin: kyAdmin },
};
