import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { searchRequestSchema } from "../../contract/estate";
import { areaSearch, formatCorner } from "../../app/components/map/area-search";
import {
  FILTER_FIELDS,
  LIMITS,
  RATE_OPTIONS,
  SEARCH_DEFAULTS,
  SORT_OPTIONS,
  STAR_OPTIONS,
  STAY_FIELDS,
  cleanFormQuery,
  countActiveFilters,
  describeFieldError,
  fieldsOfErrors,
  isRealDate,
  nextDrop,
  onlyFields,
  pageWindow,
  parseArea,
  parseSearchValues,
  relaxationsFor,
  stayQuery,
  toQueryString,
  toSearchBody,
  withoutFields,
  type FilterField,
  type SearchValues,
} from "../../app/lib/search-params";

/** The API's validation (the contract schema) grouped by field, as its 422 answer does. */
function validate(body: unknown): { ok: true } | { ok: false; errors: Record<string, string[]> } {
  const result = searchRequestSchema.safeParse(body);
  if (result.success) return { ok: true };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
  return { ok: false, errors };
}

/** The loader's loop against the real schema: refused fields are dropped until the search passes. */
function searchWithRetries(values: SearchValues) {
  let drop = new Set<FilterField>();
  const refusedAll = new Set<FilterField>();
  for (let attempt = 0; attempt < 4; attempt++) {
    const verdict = validate(toSearchBody(values, { drop }));
    if (verdict.ok) return { ok: true, drop, refused: refusedAll };
    const refused = fieldsOfErrors(verdict.errors);
    refused.forEach((f) => refusedAll.add(f));
    const next = nextDrop(drop, refused);
    if (!next) break;
    drop = next;
  }
  return { ok: false, drop, refused: refusedAll };
}

describe("the form's bounds are the ones the API enforces", () => {
  // app/lib/search-params.ts imports its defaults and bounds from contract/estate-constants.ts
  // (issue 28); this checks the API's schema really refuses just past each bound the form offers.
  const parse = (body: Record<string, unknown>) => searchRequestSchema.safeParse(body);
  it.each([
    ["adultCount", LIMITS.adultCount],
    ["childrenCount", LIMITS.childrenCount],
    ["bedCount", LIMITS.bedCount],
    ["priceFrom", LIMITS.price],
    ["page", LIMITS.page],
  ] as const)("%s", (field, { min, max }) => {
    const extra = field === "priceFrom" ? { priceTo: LIMITS.price.max } : {};
    expect(parse({ [field]: min, ...extra }).success).toBe(true);
    expect(parse({ [field]: max, ...extra }).success).toBe(true);
    expect(parse({ [field]: min - 1, ...extra }).success).toBe(false);
    expect(parse({ [field]: max + 1, ...extra }).success).toBe(false);
  });
  it("location, stars, sort orders and rating bands", () => {
    expect(parse({ location: "x".repeat(LIMITS.location) }).success).toBe(true);
    expect(parse({ location: "x".repeat(LIMITS.location + 1) }).success).toBe(false);
    expect(parse({ star: [...STAR_OPTIONS] }).success).toBe(true);
    expect(parse({ star: [Math.max(...STAR_OPTIONS) + 1] }).success).toBe(false);
    for (const orderBy of SORT_OPTIONS) expect(parse({ orderBy }).success).toBe(true);
    for (const rate of RATE_OPTIONS) expect(parse({ rate }).success).toBe(true);
    expect(parse({}).success && parse({}).data).toMatchObject({ adultCount: SEARCH_DEFAULTS.adultCount, priceFrom: SEARCH_DEFAULTS.priceFrom, priceTo: SEARCH_DEFAULTS.priceTo });
  });
});

describe("parseSearchValues", () => {
  it("reads every field of the query-string format", () => {
    const v = parseSearchValues(
      "location=%20Бишкек%20&checkInDate=2030-06-01&checkOutDate=2030-06-05&adultCount=3&childrenCount=1&bedCount=2&type=4&subtype=9" +
        "&star=5&star=4&star=5&rate=good&parameters=1&parameters=7&nutrition=2&isInstantConfirmation=1&priceFrom=1000&priceTo=9000&orderBy=price_asc&page=3" +
        "&topRight=42.9%2C74.7&leftBottom=42.8,74.5",
    );
    expect(v).toEqual({
      location: "Бишкек",
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-05",
      adultCount: "3",
      childrenCount: "1",
      bedCount: "2",
      type: "4",
      subtype: "9",
      rate: "good",
      priceFrom: "1000",
      priceTo: "9000",
      orderBy: "price_asc",
      topRight: "42.9,74.7",
      leftBottom: "42.8,74.5",
      star: ["5", "4"],
      parameters: ["1", "7"],
      nutrition: ["2"],
      isInstantConfirmation: true,
      page: 3,
    });
  });

  it("gives blanks for an empty query and never throws on junk", () => {
    const v = parseSearchValues("");
    expect(v.location).toBe("");
    expect(v.star).toEqual([]);
    expect(v.isInstantConfirmation).toBe(false);
    expect(v.page).toBe(1);
    for (const page of ["0", "-2", "abc", "1e3", "99999999"]) expect(parseSearchValues(`page=${page}`).page).toBe(1);
    expect(parseSearchValues("isInstantConfirmation=0").isInstantConfirmation).toBe(false);
    expect(parseSearchValues("isInstantConfirmation=on").isInstantConfirmation).toBe(true);
    expect(parseSearchValues(`location=${"x".repeat(5000)}`).location).toHaveLength(200);
    expect(parseSearchValues("star=&star=%20").star).toEqual([]);
  });
});

describe("toSearchBody", () => {
  it("sends numbers as numbers, leaves blanks out and passes the filter the API accepts", () => {
    const body = toSearchBody(parseSearchValues("location=Ош&adultCount=3&priceFrom=5%20000&star=4&parameters=2&isInstantConfirmation=1&page=2"));
    expect(body).toEqual({
      locationSearchType: "text",
      location: "Ош",
      adultCount: 3,
      priceFrom: 5000,
      star: [4],
      parameters: [2],
      isInstantConfirmation: true,
      page: 2,
      perPage: 16,
    });
    expect(validate(body).ok).toBe(true);
  });

  it("passes typed junk on so the API refuses it by name, and leaves dropped fields out", () => {
    const values = parseSearchValues("priceFrom=abc&adultCount=2");
    expect(toSearchBody(values).priceFrom).toBe("abc");
    expect(toSearchBody(values, { drop: new Set(["priceFrom"]) })).not.toHaveProperty("priceFrom");
  });

  it("pins a category's type whatever the query says", () => {
    expect(toSearchBody(parseSearchValues("type=99"), { type: 3 }).type).toBe(3);
  });

  it("is valid for an empty form submitted as it is", () => {
    const values = parseSearchValues("location=&checkInDate=&checkOutDate=&adultCount=&childrenCount=&bedCount=&type=&subtype=&rate=&priceFrom=&priceTo=&orderBy=score");
    expect(validate(toSearchBody(values)).ok).toBe(true);
  });
});

describe("API refusals", () => {
  it("maps error keys to fields", () => {
    expect(fieldsOfErrors({ "star.0": ["x"], priceFrom: ["y"], body: ["z"], "topRight.lat": ["w"], nope: ["v"] }).sort()).toEqual(["priceFrom", "star", "topRight"]);
  });

  it("drops a refused field, then its partner, then gives up", () => {
    const first = nextDrop(new Set(), ["checkOutDate"]);
    expect([...first!]).toEqual(["checkOutDate"]);
    const second = nextDrop(first!, ["checkOutDate"]);
    expect([...second!].sort()).toEqual(["checkInDate", "checkOutDate"]);
    expect(nextDrop(second!, ["checkOutDate"])).toBeNull();
    expect(nextDrop(new Set(), [])).toBeNull();
  });

  it.each([
    ["letters in the price", "priceFrom=abc&location=Бишкек", ["priceFrom"]],
    ["check-out before check-in", "checkInDate=2030-06-10&checkOutDate=2030-06-05", ["checkOutDate"]],
    ["one date only", "checkInDate=2030-06-10", ["checkOutDate"]],
    ["a date that does not exist", "checkInDate=2030-02-30&checkOutDate=2030-03-02", ["checkInDate"]],
    ["max price under min price", "priceFrom=9000&priceTo=1000", ["priceTo"]],
    ["min price above the default max", "priceFrom=200000", ["priceTo"]],
    ["too many adults and a bad sort", "adultCount=99&orderBy=cheapest", ["adultCount", "orderBy"]],
    ["a made-up rating band and star", "rate=best&star=9&star=4", ["rate", "star"]],
  ])("recovers from %s", (_name, query, refused) => {
    const outcome = searchWithRetries(parseSearchValues(query));
    expect(outcome.ok).toBe(true);
    expect([...outcome.refused].sort()).toEqual([...refused].sort());
  });

  it("keeps the valid rest of the filter when one field is refused", () => {
    const values = parseSearchValues("priceFrom=abc&location=Бишкек&parameters=3");
    const outcome = searchWithRetries(values);
    const body = toSearchBody(values, { drop: outcome.drop });
    expect(body).toMatchObject({ location: "Бишкек", parameters: [3] });
    expect(body).not.toHaveProperty("priceFrom");
  });
});

describe("describeFieldError", () => {
  const v = (query: string) => parseSearchValues(query);
  it("explains dates", () => {
    expect(describeFieldError("checkOutDate", v("checkInDate=2030-06-10&checkOutDate=2030-06-05")).key).toBe("checkOutAfterCheckIn");
    expect(describeFieldError("checkOutDate", v("checkInDate=2030-06-10")).key).toBe("bothDates");
    expect(describeFieldError("checkInDate", v("checkInDate=2030-02-30&checkOutDate=2030-03-02")).key).toBe("date");
  });
  it("explains numbers and prices", () => {
    expect(describeFieldError("priceFrom", v("priceFrom=abc"))).toEqual({ key: "price" });
    expect(describeFieldError("priceTo", v("priceFrom=9000&priceTo=1000")).key).toBe("priceOrder");
    expect(describeFieldError("priceTo", v("priceFrom=200000")).key).toBe("priceToNeeded");
    expect(describeFieldError("adultCount", v("adultCount=99"))).toEqual({ key: "count", params: { min: 1, max: 30 } });
    expect(describeFieldError("bedCount", v("bedCount=two")).key).toBe("wholeNumber");
    expect(describeFieldError("orderBy", v("orderBy=x")).key).toBe("choice");
  });
});

describe("links", () => {
  const values = parseSearchValues("location=Каракол&checkInDate=2030-06-01&checkOutDate=2030-06-03&adultCount=2&priceTo=8000&parameters=1&parameters=2&orderBy=rating&page=4");

  it("keeps the filter on page links and starts at page 1 when asked", () => {
    expect(toQueryString(values, { page: 2 })).toBe(
      "?location=%D0%9A%D0%B0%D1%80%D0%B0%D0%BA%D0%BE%D0%BB&checkInDate=2030-06-01&checkOutDate=2030-06-03&adultCount=2&priceTo=8000&orderBy=rating&parameters=1&parameters=2&page=2",
    );
    expect(toQueryString(values, { page: 1 })).not.toContain("page=");
    expect(toQueryString(parseSearchValues(""))).toBe("");
  });

  it("resets to where, when and who", () => {
    const reset = parseSearchValues(toQueryString(onlyFields(values, STAY_FIELDS), { page: 1 }).slice(1));
    expect(reset).toMatchObject({ location: "Каракол", checkInDate: "2030-06-01", adultCount: "2", priceTo: "", parameters: [], orderBy: "", page: 1 });
  });

  it("suggests relaxing what is set, each link without those fields", () => {
    const relax = relaxationsFor(values);
    expect(relax.map((r) => r.key)).toEqual(["dates", "price", "parameters", "location"]);
    const withoutPrice = parseSearchValues(toQueryString(withoutFields(values, relax[1].fields)).slice(1));
    expect(withoutPrice.priceTo).toBe("");
    expect(withoutPrice.parameters).toEqual(["1", "2"]);
    expect(relaxationsFor(parseSearchValues("type=2&subtype=5"), { typeFixed: true }).map((r) => r.key)).toEqual(["subtype"]);
    expect(relaxationsFor(parseSearchValues("adultCount=4")).map((r) => r.key)).toEqual(["guests"]);
  });

  it("hands the stay on to estate pages", () => {
    expect(stayQuery({ checkInDate: "2030-06-01", checkOutDate: "2030-06-03", adultCount: 2, childrenCount: 1 })).toBe(
      "?checkInDate=2030-06-01&checkOutDate=2030-06-03&adultCount=2&childrenCount=1",
    );
    expect(stayQuery({ checkInDate: null, checkOutDate: null, adultCount: 2, childrenCount: 0 })).toBe("?adultCount=2&childrenCount=0");
  });

  it("cleans a submitted form: blanks and the old page out", () => {
    const form: [string, string][] = [["location", ""], ["adultCount", "2"], ["star", "5"], ["star", "4"], ["page", "3"], ["priceFrom", " "]];
    expect(cleanFormQuery(form)).toBe("?adultCount=2&star=5&star=4");
    expect(cleanFormQuery([])).toBe("?reset=full");
  });

  it("counts the filters beyond where/when/who", () => {
    expect(countActiveFilters(values)).toBe(3);
    expect(countActiveFilters(parseSearchValues("type=2&star=4&star=5&isInstantConfirmation=1"), { ignoreType: true })).toBe(2);
  });

  it("shows the first, the last and the pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "gap", 20]);
  });

  it("recognises real dates only", () => {
    expect(isRealDate("2030-02-28")).toBe(true);
    expect(isRealDate("2030-02-30")).toBe(false);
    expect(isRealDate("30.02.2030")).toBe(false);
  });

  it("knows every field of the format", () => {
    expect(FILTER_FIELDS).toHaveLength(18);
  });
});

describe("the map area", () => {
  const box = "topRight=42.95,74.7&leftBottom=42.8,74.5";

  it("reads both corners as lat,lng, or nothing at all", () => {
    expect(parseArea(parseSearchValues(box))).toEqual({ topRight: { lat: 42.95, lng: 74.7 }, leftBottom: { lat: 42.8, lng: 74.5 } });
    expect(parseArea(parseSearchValues("topRight=-33.5,-70.25&leftBottom=-34,-71"))).toEqual({ topRight: { lat: -33.5, lng: -70.25 }, leftBottom: { lat: -34, lng: -71 } });
    expect(parseArea(parseSearchValues("topRight=42.9, 74.7&leftBottom=42.8 ,74.5"))).not.toBe("invalid");
    expect(parseArea(parseSearchValues(""))).toBeNull();
  });

  it("calls anything else invalid, never throws", () => {
    for (const query of [
      "topRight=42.9,74.7",
      "leftBottom=42.8,74.5",
      "topRight=north&leftBottom=42.8,74.5",
      "topRight=91,74.7&leftBottom=42.8,74.5",
      "topRight=42.9,181&leftBottom=42.8,74.5",
      "topRight=42.7,74.7&leftBottom=42.8,74.5",
      "topRight=42.9,74.4&leftBottom=42.8,74.5",
      "topRight=42.9,74.7,1&leftBottom=42.8,74.5",
      "topRight=1e3,74.7&leftBottom=42.8,74.5",
      `topRight=${"9".repeat(300)},1&leftBottom=0,0`,
    ]) {
      expect(parseArea(parseSearchValues(query)), query).toBe("invalid");
    }
  });

  it("goes to the API as corners with the map search type, which the API accepts", () => {
    const body = toSearchBody(parseSearchValues(`location=Ош&${box}`));
    expect(body).toMatchObject({ locationSearchType: "map", topRight: { lat: 42.95, lng: 74.7 }, leftBottom: { lat: 42.8, lng: 74.5 } });
    // The area bounds the search; the typed place stays in the URL but is not asked for.
    expect(body).not.toHaveProperty("location");
    expect(validate(body).ok).toBe(true);
    // Without an area (or with it dropped) the place is asked for again.
    expect(toSearchBody(parseSearchValues(`location=Ош&${box}`), { drop: new Set(["topRight", "leftBottom"]) })).toMatchObject({ location: "Ош" });
    // An invalid or dropped area is left out; the page says so.
    expect(toSearchBody(parseSearchValues("topRight=42.9,74.7"))).not.toHaveProperty("topRight");
    expect(toSearchBody(parseSearchValues(box), { drop: new Set(["topRight", "leftBottom"]) })).toMatchObject({ locationSearchType: "text" });
    expect(toSearchBody(parseSearchValues(box), { drop: new Set(["topRight", "leftBottom"]) })).not.toHaveProperty("leftBottom");
  });

  it("stays on page links and on the reset that keeps the stay; a relaxation and the full reset drop it", () => {
    const values = parseSearchValues(`${box}&priceTo=8000&page=3`);
    expect(parseSearchValues(toQueryString(values, { page: 2 }).slice(1))).toMatchObject({ topRight: "42.95,74.7", leftBottom: "42.8,74.5", page: 2 });
    expect(parseSearchValues(toQueryString(onlyFields(values, STAY_FIELDS)).slice(1))).toMatchObject({ topRight: "42.95,74.7", priceTo: "" });
    const relax = relaxationsFor(values);
    expect(relax[0]).toEqual({ key: "area", fields: ["topRight", "leftBottom"] });
    expect(toQueryString(withoutFields(values, relax[0].fields))).toBe("?priceTo=8000&page=3");
    expect(countActiveFilters(values)).toBe(1);
  });

  it("when the API refuses one corner, the other goes with it", () => {
    const first = nextDrop(new Set(), ["topRight"]);
    expect(nextDrop(first!, ["topRight"])).toEqual(new Set(["topRight", "leftBottom"]));
    expect(describeFieldError("leftBottom", parseSearchValues(box))).toEqual({ key: "area" });
  });

  it("a new area from the map keeps the whole filter and the typed place, and drops the page", () => {
    expect(formatCorner({ lat: 42.874612345, lng: 74.5 })).toBe("42.87461,74.5");
    const next = new URLSearchParams(areaSearch(`?location=Ош&priceTo=8000&page=4&${box}`, { topRight: { lat: 43, lng: 75.123456 }, leftBottom: { lat: 42.5, lng: 74 } }));
    expect(Object.fromEntries(next)).toEqual({ location: "Ош", priceTo: "8000", topRight: "43,75.12346", leftBottom: "42.5,74" });
    expect(parseArea(parseSearchValues(next))).toEqual({ topRight: { lat: 43, lng: 75.12346 }, leftBottom: { lat: 42.5, lng: 74 } });
  });
});

describe("the filter form beside a map area", () => {
  const box = "topRight=42.95,74.7&leftBottom=42.8,74.5";
  it("keeps the area while the place is the one it was searched with, and drops it for a newly typed place", () => {
    const same = parseSearchValues(`location=Ош&priceTo=8000&${box}&areaPlace=Ош`);
    expect(same).toMatchObject({ location: "Ош", topRight: "42.95,74.7", leftBottom: "42.8,74.5" });
    const typed = parseSearchValues(`location=Каракол&${box}&areaPlace=Ош`);
    expect(typed).toMatchObject({ location: "Каракол", topRight: "", leftBottom: "" });
    const emptied = parseSearchValues(`location=&${box}&areaPlace=Ош`);
    expect(emptied).toMatchObject({ location: "", topRight: "", leftBottom: "" });
    // A link without the form's field keeps its area.
    expect(parseSearchValues(`location=Каракол&${box}`)).toMatchObject({ topRight: "42.95,74.7" });
  });

  it("the script's submit gives the same clean URL, without the hidden field", () => {
    const entries = (location: string): [string, string][] => [
      ["topRight", "42.95,74.7"],
      ["leftBottom", "42.8,74.5"],
      ["areaPlace", "Ош"],
      ["location", location],
      ["priceTo", "8000"],
    ];
    expect(cleanFormQuery(entries("Ош"))).toBe("?topRight=42.95%2C74.7&leftBottom=42.8%2C74.5&location=%D0%9E%D1%88&priceTo=8000");
    expect(cleanFormQuery(entries("Каракол"))).toBe(`?location=${encodeURIComponent("Каракол")}&priceTo=8000`);
  });
});

describe("translations of the search, home and account pages and the shared words", () => {
  const flatten = (obj: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(obj).flatMap(([k, v]) => (v && typeof v === "object" ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const load = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve("app/locales", lng, `${ns}.json`), "utf8")) as Record<string, unknown>;

  it.each(["home", "estates", "common", "account", "map"])("%s.json has the same keys in ru, en and ky, every plural form, no blanks", (ns) => {
    const ru = flatten(load("ru", ns)).sort();
    expect(flatten(load("en", ns)).sort()).toEqual(ru);
    expect(flatten(load("ky", ns)).sort()).toEqual(ru);
    const plurals = new Set(ru.filter((k) => /_(one|few|many|other)$/.test(k)).map((k) => k.replace(/_(one|few|many|other)$/, "")));
    for (const base of plurals) for (const form of ["one", "few", "many", "other"]) expect(ru).toContain(`${base}_${form}`);
    for (const lng of ["ru", "en", "ky"]) {
      const data = load(lng, ns);
      for (const key of flatten(data)) {
        const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], data);
        expect(typeof value === "string" && value.trim().length > 0, `${lng}:${ns}:${key}`).toBe(true);
      }
    }
  });
});
