/**
 * The loader behind `/estates` and `/estates/category/{type}`: reads the query string, asks the
 * API, and when the API refuses some fields (422) shows why next to them and searches again
 * without them, so a typo in one field never costs the guest the whole list.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { EstateType, EstateSubtype, Nutrition, Parameter } from "../../contract/directory";
import type { SearchResponse } from "../../contract/estate";
import { getT } from "~/i18n/i18n.server";
import { ApiError, routeErrorFrom, type ApiClient } from "~/lib/api.server";
import { formatDate } from "~/lib/format";
import { todayInBishkek } from "../../contract/dates";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { toStayCard, type StayCard } from "~/lib/stay-card";
import { localizePath } from "~/i18n/config";
import {
  CLEARED_QUERY,
  AREA_FIELDS,
  STAY_FIELDS,
  countActiveFilters,
  describeFieldError,
  isRealDate,
  onlyFields,
  pageWindow,
  parseArea,
  relaxationsFor,
  toQueryString,
  fieldsOfErrors,
  nextDrop,
  parseSearchValues,
  stayQuery,
  toSearchBody,
  withoutFields,
  type FieldErrorMessage,
  type FilterField,
  type MapArea,
  type Relaxation,
  type SearchValues,
} from "~/lib/search-params";
import { serverOnlyOf } from "~/lib/server-only.server";
import { endpoints } from "../../contract/endpoints";

/** How many times one page view may ask the API to search (the first try and the retries). */
const MAX_ATTEMPTS = 4;

/**
 * What the filter form shows of the directory, and no more: the page's loader data is inlined into
 * its HTML (the API's entries also carry icons, slugs and kinds the form does not use).
 */
export type SearchDirectory = {
  types: Pick<EstateType, "id" | "name" | "estatesCount">[];
  subtypes: Pick<EstateSubtype, "id" | "name">[];
  /**
   * The amenities and meals to tick. Plain checkboxes the browser never changes: a document's
   * render takes them from the load context (`serverOnly.filterOptions`), out of the page's
   * hydration data (components/server-rendered.tsx); a client-side navigation's data has them here.
   */
  options?: FilterOptions;
};
export type FilterOptions = { parameters: Pick<Parameter, "id" | "slug" | "name" | "group">[]; nutrition: Nutrition[] };

export type SearchPageData = {
  /** The filter as typed, for the form. */
  values: SearchValues;
  /** The filter the results are for (refused fields left out), for links that keep it. */
  applied: SearchValues;
  errors: Partial<Record<FilterField, FieldErrorMessage>>;
  result: { estates: StayCard[]; total: number; totalExact: boolean; page: number; perPage: number; hasMore: boolean } | null;
  /** The stay handed on to estate pages (`?checkInDate=…`). */
  cardSearch: string;
  directory: SearchDirectory;
  category: { id: number; slug: string; name: string } | null;
  today: string;
  /** Every link of the page, made here so their code stays out of the browser. */
  links: SearchLinks;
  /** "12 июн. – 15 июн." when the search has dates, and the party size. */
  summary: { dates: string | null; guests: number };
  /** Filters set beyond where/when/who, for the "Filters (3)" badge. */
  activeCount: number;
  /**
   * The map: the area the list is narrowed to (null: none), whether the URL's area could not be
   * read (it is then left out, and the page says so), and where the map's points come from.
   */
  map: { area: MapArea | null; areaInvalid: boolean; pointsHref: string };
  meta: { title: string; description: string };
};

export type PageLink = { page: number; href: string } | { gap: true };
export type SearchLinks = {
  /** Keeps where, when and who (SPEC section 4's non-full reset). */
  reset: string;
  /** Everything cleared. */
  resetAll: string;
  /** The same list without its map area (the chip's ✕). */
  withoutArea: string;
  /** The map page: with script the map opens in place instead; without, it explains itself. */
  map: string;
  firstPage: string;
  previous: string | null;
  next: string | null;
  pages: PageLink[];
  relax: { key: Relaxation["key"]; count?: number; href: string }[];
};

function linksFor(applied: SearchValues, basePath: string, mapPath: string, category: string | null, page: number, lastPage: number): SearchLinks {
  // On a category page the type is in the path, not in the query.
  const typeFixed = category !== null;
  const values = typeFixed ? { ...applied, type: "" } : applied;
  const at = (p: number) => `${basePath}${toQueryString(values, { page: p })}`;
  // A bare `/estates` brings the remembered filter back: a link that clears it says so.
  const cleared = typeFixed ? basePath : `${basePath}${CLEARED_QUERY}`;
  const orCleared = (query: string) => (query ? `${basePath}${query}` : cleared);
  const mapQuery = new URLSearchParams(toQueryString(values, { page: 1 }));
  if (category) mapQuery.set("category", category);
  return {
    reset: orCleared(toQueryString(onlyFields(values, STAY_FIELDS), { page: 1 })),
    resetAll: cleared,
    withoutArea: orCleared(toQueryString(values, { omit: AREA_FIELDS, page: 1 })),
    map: `${mapPath}${mapQuery.size ? `?${mapQuery}` : ""}`,
    firstPage: at(1),
    previous: page > 1 ? at(page - 1) : null,
    next: page < lastPage ? at(page + 1) : null,
    pages: pageWindow(page, lastPage).map((p) => (p === "gap" ? { gap: true as const } : { page: p, href: at(p) })),
    relax: relaxationsFor(values, { typeFixed }).map((r) => ({ key: r.key, count: r.count, href: orCleared(toQueryString(values, { omit: r.fields, page: 1 })) })),
  };
}

const listOrEmpty = <T>(promise: Promise<T[]>) => promise.catch(() => [] as T[]);

async function subtypesOf(api: ApiClient, typeId: number | null): Promise<EstateSubtype[]> {
  if (typeId === null) return [];
  try {
    return (await api.call(endpoints.guestSubtypes, { params: { id: typeId } })).subtypes;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export async function loadSearchPage({
  request,
  params,
  context,
  categorySlug,
}: {
  request: Request;
  params: Params;
  context: AppLoadContext;
  categorySlug?: string;
}): Promise<SearchPageData> {
  const locale = localeFromParams(params);
  const api = apiFor(context, params);
  const values = parseSearchValues(new URL(request.url).searchParams);

  let typesList: EstateType[];
  let parameters: Parameter[];
  let nutrition: Nutrition[];
  try {
    [typesList, parameters, nutrition] = await Promise.all([
      api.call(endpoints.guestTypes).then((d) => d.types),
      listOrEmpty(api.call(endpoints.guestParameters).then((d) => d.subtypes)),
      listOrEmpty(api.call(endpoints.guestNutrition).then((d) => d.types)),
    ]);
  } catch (error) {
    throw routeErrorFrom(error);
  }

  // A category page pins its type: the slug decides, whatever `type` the query says.
  let category: SearchPageData["category"] = null;
  if (categorySlug !== undefined) {
    const found = typesList.find((t) => t.slug === categorySlug);
    if (!found) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    category = { id: found.id, slug: found.slug, name: found.name };
    values.type = String(found.id);
  }
  const typeId = category?.id ?? idOf(values.type);

  let subtypes: EstateSubtype[];
  try {
    subtypes = await subtypesOf(api, typeId);
  } catch (error) {
    throw routeErrorFrom(error);
  }
  // A subtype of another type (the type changed in a form without JavaScript) or without a type
  // cannot be shown in the form: it quietly stops applying.
  if (values.subtype && !subtypes.some((s) => String(s.id) === values.subtype)) values.subtype = "";

  const errors: SearchPageData["errors"] = {};
  let drop = new Set<FilterField>();
  // Corners that cannot be read are left out before asking: the area is not a field of the form.
  let areaInvalid = parseArea(values) === "invalid";
  if (areaInvalid) {
    drop = new Set(AREA_FIELDS);
    // Nor do the form and the links carry it on.
    values.topRight = values.leftBottom = "";
  }
  let response: SearchResponse | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && response === null; attempt++) {
    try {
      response = await api.call(endpoints.search, { body: toSearchBody(values, { drop, type: category?.id }) });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422)) throw routeErrorFrom(error);
      const refused = fieldsOfErrors(error.errors);
      for (const field of refused) errors[field] ??= describeFieldError(field, values);
      const next = nextDrop(drop, refused);
      if (!next) break;
      drop = next;
    }
  }

  // The API refusing the area (it should not, once parseArea accepted it) is told the same way.
  for (const field of AREA_FIELDS) {
    if (errors[field]) areaInvalid = true;
    delete errors[field];
  }

  const applied = withoutFields(values, drop);
  const area = parseArea(applied);
  const t = await getT(locale, "estates");
  const where = applied.location;
  const title = category
    ? t("meta.categoryTitle", { name: category.name })
    : area && area !== "invalid"
      ? t("meta.areaTitle")
      : where
        ? t("meta.locationTitle", { location: where })
        : t("meta.title");
  const description = category
    ? t("meta.categoryDescription", { name: category.name, count: response?.total ?? 0 })
    : t("meta.description", { count: response?.total ?? 0 });

  const options: FilterOptions = {
    parameters: parameters.map(({ id, slug, name, group }) => ({ id, slug, name, group })),
    nutrition: nutrition.map(({ id, slug, name }) => ({ id, slug, name })),
  };
  const serverOnly = serverOnlyOf(context);
  if (serverOnly) serverOnly.filterOptions = options;

  const page = response?.page ?? values.page;
  // "100+" is a count that does not grow while paging (issue 27): the pages beyond it open one by one.
  const lastPage = response ? Math.max(1, Math.ceil(response.total / response.perPage), response.totalExact ? 0 : page + (response.hasMore ? 1 : 0)) : 1;
  const basePath = localizePath(category ? `/estates/category/${category.slug}` : "/estates", locale);
  const short: Intl.DateTimeFormatOptions = { day: "numeric", month: "short" };
  const { checkInDate: inDate, checkOutDate: outDate } = applied;
  const hasDates = isRealDate(inDate) && isRealDate(outDate) && outDate > inDate;
  const count = (raw: string, fallback: number) => (/^\d{1,3}$/.test(raw) ? Number(raw) : fallback);

  return {
    values,
    applied,
    errors,
    result: response
      ? { estates: response.estates.map(toStayCard), total: response.total, totalExact: response.totalExact, page: response.page, perPage: response.perPage, hasMore: response.hasMore }
      : null,
    cardSearch: response ? stayQuery(response.filter) : "",
    directory: {
      types: typesList.map(({ id, name, estatesCount }) => ({ id, name, estatesCount })),
      subtypes: subtypes.map(({ id, name }) => ({ id, name })),
      ...(serverOnly ? {} : { options }),
    },
    category,
    today: todayInBishkek(),
    links: linksFor(applied, basePath, localizePath("/estates/map", locale), category?.slug ?? null, page, lastPage),
    summary: {
      dates: hasDates ? `${formatDate(inDate, locale, short)} – ${formatDate(outDate, locale, short)}` : null,
      guests: count(applied.adultCount, 2) + count(applied.childrenCount, 0),
    },
    activeCount: countActiveFilters(values, { ignoreType: category !== null }),
    map: {
      area: area === "invalid" ? null : area,
      areaInvalid,
      pointsHref: `${localizePath("/estates/map/points", locale)}${toQueryString(applied, { page: 1 })}`,
    },
    meta: { title, description },
  };
}
