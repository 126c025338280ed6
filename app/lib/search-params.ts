/**
 * The estate search's query string (SPEC section 3, the search filter) and what it becomes: the
 * values as the guest typed them (to show them again in the form), the API request body, the
 * links that keep or relax the filter, and the wording key of a field the API refused.
 *
 * Shared by the home search form, `/estates` and `/estates/category/{type}`. Pure and free of zod,
 * so it costs the browser almost nothing; the API stays the judge of what is valid.
 *
 * Query-string format: location, checkInDate, checkOutDate, adultCount, childrenCount, bedCount,
 * type (id), subtype (id), star (repeatable), rate, parameters (repeatable), nutrition
 * (repeatable), isInstantConfirmation=1, priceFrom, priceTo, orderBy, page, and the map area as
 * two corners `topRight=lat,lng&leftBottom=lat,lng` (both or neither).
 */

import { isIsoDate } from "../../contract/dates";
import { ORDER_BY, RATING_BANDS, SEARCH_DEFAULTS, SEARCH_LIMITS, type RatingBand } from "../../contract/estate-constants";

// The defaults, sort orders, rating bands and bounds are the API's own (contract/estate-constants.ts,
// free of zod): imported, not copied, so the form cannot drift from what the API accepts.
export { SEARCH_DEFAULTS };
export const SORT_OPTIONS = ORDER_BY;
export const RATE_OPTIONS = Object.keys(RATING_BANDS) as RatingBand[];
/** Best first, as the filter lists them. */
export const STAR_OPTIONS = [5, 4, 3, 2, 1] as const;
export const LIMITS = SEARCH_LIMITS;

export const TEXT_FIELDS = [
  "location",
  "checkInDate",
  "checkOutDate",
  "adultCount",
  "childrenCount",
  "bedCount",
  "type",
  "subtype",
  "rate",
  "priceFrom",
  "priceTo",
  "orderBy",
  "topRight",
  "leftBottom",
] as const;
export const LIST_FIELDS = ["star", "parameters", "nutrition"] as const;
export const FILTER_FIELDS = [...TEXT_FIELDS, ...LIST_FIELDS, "isInstantConfirmation"] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type ListField = (typeof LIST_FIELDS)[number];
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The filter exactly as it came in the URL: strings as typed ("" when absent), lists, a flag. */
export type SearchValues = Record<TextField, string> &
  Record<ListField, string[]> & {
    isInstantConfirmation: boolean;
    page: number;
  };

/** The map area: the corners of a box on the map, each `lat,lng`. */
export const AREA_FIELDS = ["topRight", "leftBottom"] as const satisfies readonly FilterField[];

/**
 * The fields that say where, when and who: a "reset filters" keeps them (SPEC section 4). The map
 * area is a "where" too; only the full reset clears it.
 */
export const STAY_FIELDS = ["location", "checkInDate", "checkOutDate", "adultCount", "childrenCount", ...AREA_FIELDS] as const satisfies readonly FilterField[];

/** Fields that only make sense together: when the API refuses one twice, both go. */
const PARTNER: Partial<Record<FilterField, FilterField>> = {
  checkInDate: "checkOutDate",
  checkOutDate: "checkInDate",
  priceFrom: "priceTo",
  priceTo: "priceFrom",
  topRight: "leftBottom",
  leftBottom: "topRight",
};

const MAX_TEXT = 200;
const MAX_LIST = 50;
const TRUE_VALUES = new Set(["1", "true", "on", "yes"]);

const isFilterField = (name: string): name is FilterField => (FILTER_FIELDS as readonly string[]).includes(name);

export function emptyValues(): SearchValues {
  return {
    location: "",
    checkInDate: "",
    checkOutDate: "",
    adultCount: "",
    childrenCount: "",
    bedCount: "",
    type: "",
    subtype: "",
    rate: "",
    priceFrom: "",
    priceTo: "",
    orderBy: "",
    topRight: "",
    leftBottom: "",
    star: [],
    parameters: [],
    nutrition: [],
    isInstantConfirmation: false,
    page: SEARCH_DEFAULTS.page,
  };
}

/**
 * A hidden field of the filter form beside the map area: the place typed when the area was
 * searched. When the form comes back with another place, the area is dropped (parseSearchValues):
 * the guest asked for a new place. It is no filter field and never stays in the list's URL.
 */
export const AREA_PLACE_FIELD = "areaPlace";

/** Reads a query string; never throws, whatever the URL holds. */
export function parseSearchValues(input: URLSearchParams | string): SearchValues {
  const params = typeof input === "string" ? new URLSearchParams(input) : input;
  const values = emptyValues();
  for (const field of TEXT_FIELDS) values[field] = (params.get(field) ?? "").trim().slice(0, MAX_TEXT);
  for (const field of LIST_FIELDS) {
    const list = params
      .getAll(field)
      .map((v) => v.trim().slice(0, MAX_TEXT))
      .filter(Boolean);
    values[field] = [...new Set(list)].slice(0, MAX_LIST);
  }
  values.isInstantConfirmation = TRUE_VALUES.has((params.get("isInstantConfirmation") ?? "").trim().toLowerCase());
  values.page = parsePage(params.get("page"));
  // The filter form sends the place its map area was searched with (AREA_PLACE_FIELD): a place
  // typed since then is a new "where", and the area gives way to it.
  const areaPlace = params.get(AREA_PLACE_FIELD);
  if (areaPlace !== null && areaPlace.trim().slice(0, MAX_TEXT) !== values.location) {
    values.topRight = "";
    values.leftBottom = "";
  }
  return values;
}

function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,5}$/.test(raw.trim())) return SEARCH_DEFAULTS.page;
  const page = Number(raw.trim());
  return page >= LIMITS.page.min && page <= LIMITS.page.max ? page : SEARCH_DEFAULTS.page;
}

/** "5 000" and "5 000" are how people write prices here; the API wants digits. */
export const compactNumber = (value: string) => value.replace(/[\s\u00a0\u202f]/g, "");

const WHOLE = /^\d+$/;

/** A number when the text is one, otherwise the text itself, for the API to refuse by name. */
const numberOrText = (value: string) => (WHOLE.test(value) && value.length <= 12 ? Number(value) : value);

export const isRealDate = isIsoDate;

export type SearchBody = Record<string, unknown> & { page: number; perPage: number };

export type Coordinate = { lat: number; lng: number };
export type MapArea = { topRight: Coordinate; leftBottom: Coordinate };

const CORNER = /^(-?\d{1,3}(?:\.\d{1,12})?),(-?\d{1,3}(?:\.\d{1,12})?)$/;

function parseCorner(raw: string): Coordinate | null {
  const m = CORNER.exec(raw.replace(/\s+/g, ""));
  if (!m) return null;
  const [lat, lng] = [Number(m[1]), Number(m[2])];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * The map area of the URL: null when there is none, "invalid" when the corners cannot be read
 * (one missing, not `lat,lng`, off the globe, or the bottom-left corner north or east of the
 * top-right one), so the page can say it left the area out.
 */
export function parseArea(values: Pick<SearchValues, "topRight" | "leftBottom">): MapArea | "invalid" | null {
  if (!values.topRight && !values.leftBottom) return null;
  const topRight = parseCorner(values.topRight);
  const leftBottom = parseCorner(values.leftBottom);
  if (!topRight || !leftBottom || leftBottom.lat > topRight.lat || leftBottom.lng > topRight.lng) return "invalid";
  return { topRight, leftBottom };
}

/** Kyrgyzstan with a margin: the map's box when the list has no area of its own. */
export const COUNTRY_AREA: MapArea = { topRight: { lat: 43.4, lng: 80.4 }, leftBottom: { lat: 39.1, lng: 69.1 } };

/**
 * The body of `POST /api/v1/guest/estate`. Blank fields are left out (the API's defaults apply);
 * `drop` leaves out fields the API already refused; `type` pins a category page's type.
 */
export function toSearchBody(
  values: SearchValues,
  options: { drop?: ReadonlySet<FilterField>; type?: number; perPage?: number; page?: number } = {},
): SearchBody {
  const drop = options.drop ?? new Set<FilterField>();
  const body: SearchBody = { locationSearchType: "text", page: options.page ?? values.page, perPage: options.perPage ?? SEARCH_DEFAULTS.perPage };
  const keep = (field: FilterField) => !drop.has(field);
  for (const field of TEXT_FIELDS) {
    const raw = field === "priceFrom" || field === "priceTo" ? compactNumber(values[field]) : values[field];
    if (!raw || !keep(field) || field === "topRight" || field === "leftBottom") continue;
    body[field] = field === "location" || field === "checkInDate" || field === "checkOutDate" || field === "rate" || field === "orderBy" ? raw : numberOrText(raw);
  }
  for (const field of LIST_FIELDS) {
    if (values[field].length && keep(field)) body[field] = values[field].map(numberOrText);
  }
  if (values.isInstantConfirmation && keep("isInstantConfirmation")) body.isInstantConfirmation = true;
  // A map area that cannot be read is left out here; the page says so (see parseArea). A readable
  // one bounds the search instead of the typed place, which stays in the URL and the form
  // ("Search this area" keeps it) but would otherwise hide what the map shows.
  const area = keep("topRight") && keep("leftBottom") ? parseArea(values) : null;
  if (area && area !== "invalid") {
    Object.assign(body, area, { locationSearchType: "map" });
    delete body.location;
  }
  if (options.type !== undefined) body.type = options.type;
  return body;
}

/** The filter fields named by the API's 422 error keys (`star.0` → star); unknown keys are left out. */
export function fieldsOfErrors(errors: Record<string, string[]>): FilterField[] {
  const fields = new Set<FilterField>();
  for (const key of Object.keys(errors)) {
    const head = key.split(".")[0];
    if (isFilterField(head)) fields.add(head);
  }
  return [...fields];
}

/**
 * What to leave out next after the API refused `refused`: each refused field, or its partner
 * when the field is already out (a lone check-in date is refused as "choose both dates").
 * Returns null when nothing new can be left out: the search cannot be saved.
 */
export function nextDrop(drop: ReadonlySet<FilterField>, refused: FilterField[]): Set<FilterField> | null {
  const next = new Set(drop);
  for (const field of refused) {
    if (!next.has(field)) next.add(field);
    else if (PARTNER[field] && !next.has(PARTNER[field])) next.add(PARTNER[field]);
  }
  return next.size > drop.size ? next : null;
}

export type FieldErrorMessage = { key: string; params?: Record<string, string | number> };

/**
 * The wording of a refused field (a key under `errors.` of the estates namespace), chosen from
 * the typed values so it reads in the guest's language rather than the API's English.
 */
export function describeFieldError(field: FilterField, values: SearchValues): FieldErrorMessage {
  switch (field) {
    case "checkInDate":
    case "checkOutDate": {
      const own = values[field];
      if (own && !isRealDate(own)) return { key: "date" };
      const { checkInDate: inDate, checkOutDate: outDate } = values;
      if (!inDate || !outDate) return { key: "bothDates" };
      if (isRealDate(inDate) && isRealDate(outDate) && outDate <= inDate) return { key: "checkOutAfterCheckIn" };
      return { key: "date" };
    }
    case "adultCount":
    case "childrenCount":
    case "bedCount":
      return WHOLE.test(values[field]) ? { key: "count", params: LIMITS[field] } : { key: "wholeNumber" };
    case "priceFrom":
    case "priceTo": {
      const own = compactNumber(values[field]);
      // A blank maximum means the default one, which a high minimum can overtake.
      if (!own && field === "priceTo") return { key: "priceToNeeded", params: { max: SEARCH_DEFAULTS.priceTo } };
      if (!WHOLE.test(own)) return { key: "price" };
      const from = compactNumber(values.priceFrom);
      if (field === "priceTo" && WHOLE.test(from) && Number(own) < Number(from)) return { key: "priceOrder" };
      return { key: "priceRange", params: { max: LIMITS.price.max } };
    }
    case "location":
      return { key: "location", params: { max: LIMITS.location } };
    case "topRight":
    case "leftBottom":
      return { key: "area" };
    default:
      return { key: "choice" };
  }
}

/** Number of applied filters beyond where/when/who and the sort, for the "Filters (3)" badge. */
export function countActiveFilters(values: SearchValues, options: { ignoreType?: boolean } = {}): number {
  let count = 0;
  for (const field of ["bedCount", "subtype", "rate"] as const) if (values[field]) count++;
  if (values.type && !options.ignoreType) count++;
  if (values.priceFrom || values.priceTo) count++;
  count += values.star.length ? 1 : 0;
  count += values.parameters.length + values.nutrition.length;
  if (values.isInstantConfirmation) count++;
  return count;
}

/** The values without some fields (their blank form). */
export function withoutFields(values: SearchValues, fields: Iterable<FilterField>): SearchValues {
  const next: SearchValues = { ...values, star: [...values.star], parameters: [...values.parameters], nutrition: [...values.nutrition] };
  for (const field of fields) {
    if (field === "isInstantConfirmation") next.isInstantConfirmation = false;
    else if ((LIST_FIELDS as readonly string[]).includes(field)) next[field as ListField] = [];
    else next[field as TextField] = "";
  }
  return next;
}

/** Only the given fields (a reset keeps where/when/who). */
export function onlyFields(values: SearchValues, fields: readonly FilterField[]): SearchValues {
  return withoutFields(
    values,
    FILTER_FIELDS.filter((f) => !fields.includes(f)),
  );
}

/**
 * A query string (with its `?`, or "" when empty) for links: blank fields are left out and the
 * page appears only past the first.
 */
export function toQueryString(values: SearchValues, options: { page?: number; omit?: Iterable<FilterField> } = {}): string {
  const omit = new Set(options.omit ?? []);
  const params = new URLSearchParams();
  for (const field of TEXT_FIELDS) {
    if (values[field] && !omit.has(field)) params.set(field, values[field]);
  }
  for (const field of LIST_FIELDS) {
    if (!omit.has(field)) for (const v of values[field]) params.append(field, v);
  }
  if (values.isInstantConfirmation && !omit.has("isInstantConfirmation")) params.set("isInstantConfirmation", "1");
  const page = options.page ?? values.page;
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/**
 * `?reset=full` on a `/estates` link: the empty filter, said explicitly, since a bare `/estates`
 * brings back the guest's remembered filter (app/components/search/remembered-filter.server.ts).
 */
export const RESET_PARAM = "reset";
export const CLEARED_QUERY = `?${RESET_PARAM}=full`;

/**
 * Cleans a submitted form's fields into a query string for `/estates`: blanks out, and `page`
 * never carried over, so a changed filter starts at page 1. A form left all blank asks for the
 * cleared filter rather than the remembered one.
 */
export function cleanFormQuery(entries: Iterable<[string, FormDataEntryValue]>): string {
  const params = new URLSearchParams();
  let areaPlace: string | null = null;
  for (const [name, value] of entries) {
    if (typeof value !== "string" || name === "page") continue;
    const v = value.trim();
    if (name === AREA_PLACE_FIELD) areaPlace = v;
    else if (v) params.append(name, v);
  }
  // A place typed since the map area was searched replaces the area (see AREA_PLACE_FIELD).
  if (areaPlace !== null && areaPlace !== (params.get("location") ?? "")) {
    for (const field of AREA_FIELDS) params.delete(field);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : CLEARED_QUERY;
}

/** The stay the search was for, handed on to estate pages: `?checkInDate=…&checkOutDate=…&adultCount=…&childrenCount=…`. */
export function stayQuery(stay: { checkInDate?: string | null; checkOutDate?: string | null; adultCount?: number | null; childrenCount?: number | null }): string {
  const params = new URLSearchParams();
  if (stay.checkInDate && stay.checkOutDate) {
    params.set("checkInDate", stay.checkInDate);
    params.set("checkOutDate", stay.checkOutDate);
  }
  if (stay.adultCount != null) params.set("adultCount", String(stay.adultCount));
  if (stay.childrenCount != null) params.set("childrenCount", String(stay.childrenCount));
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** Which relaxations to suggest when nothing matched, most useful first, each with the fields it clears. */
export type Relaxation = {
  key: "area" | "dates" | "price" | "parameters" | "nutrition" | "rating" | "instant" | "beds" | "subtype" | "type" | "location" | "guests";
  fields: FilterField[];
  count?: number;
};

export function relaxationsFor(values: SearchValues, options: { typeFixed?: boolean } = {}): Relaxation[] {
  const out: Relaxation[] = [];
  if (values.topRight || values.leftBottom) out.push({ key: "area", fields: [...AREA_FIELDS] });
  if (values.checkInDate || values.checkOutDate) out.push({ key: "dates", fields: ["checkInDate", "checkOutDate"] });
  if (values.priceFrom || values.priceTo) out.push({ key: "price", fields: ["priceFrom", "priceTo"] });
  if (values.parameters.length) out.push({ key: "parameters", fields: ["parameters"], count: values.parameters.length });
  if (values.nutrition.length) out.push({ key: "nutrition", fields: ["nutrition"] });
  if (values.star.length || values.rate) out.push({ key: "rating", fields: ["star", "rate"] });
  if (values.isInstantConfirmation) out.push({ key: "instant", fields: ["isInstantConfirmation"] });
  if (values.bedCount) out.push({ key: "beds", fields: ["bedCount"] });
  if (values.subtype) out.push({ key: "subtype", fields: ["subtype"] });
  if (values.type && !options.typeFixed) out.push({ key: "type", fields: ["type", "subtype"] });
  if (values.location) out.push({ key: "location", fields: ["location"] });
  const guests = Number(values.adultCount || SEARCH_DEFAULTS.adultCount) + Number(values.childrenCount || 0);
  if (guests > SEARCH_DEFAULTS.adultCount) out.push({ key: "guests", fields: ["adultCount", "childrenCount"] });
  return out;
}

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}
