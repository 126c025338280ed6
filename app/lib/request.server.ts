import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/i18n/config";
import { createApiClient } from "./api.server";

/**
 * The locale of a route from its `($lang)` segment. An unknown prefix such as `/de/...` is not a
 * page of ours: the root loader answers 404 before any child loader asks.
 */
export function localeFromParams(params: Params): Locale {
  return isLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
}

/** An API client speaking the route's language. Accounts (issue 3) add the session's token here. */
export function apiFor(context: AppLoadContext, params: Params) {
  return createApiClient(context, { locale: localeFromParams(params) });
}
