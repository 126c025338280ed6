import { describe, expect, it, vi } from "vitest";
import { Hono } from "hono";
import type { ErrorBody } from "../../contract/common";
import type { TypesResponse } from "../../contract/directory";
import { errorResponse, handleError } from "../../api/lib/error-handler";
import { localeFromAcceptLanguage, localize, resolveLocale } from "../../api/lib/locale";
import { day, text, setupTestApi } from "./helpers";

const t = setupTestApi();

describe("errors", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    for (const path of ["/api/v1/nothing-here", "/api", "/api/v1/guest/estate/map/1/extra"]) {
      const { status, body } = await t.get<ErrorBody>(path);
      expect(status, path).toBe(404);
      expect(body).toEqual({ success: false, message: `Такого адреса API нет: ${path}` });
      expect((await t.get<ErrorBody>(path, { "Accept-Language": "en" })).body).toEqual({ success: false, message: `Not Found: ${path}` });
    }
    const wrongMethod = await t.post<ErrorBody>("/api/v1/guest/types", {});
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body.success).toBe(false);
  });

  it("maps an overlapping booking (SQLSTATE 23P01) to 409", async () => {
    const estate = await t.make.estate();
    await t.make.booking(estate, day(1), day(4));
    const error = await t.make.booking(estate, day(3), day(5)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(errorResponse(error, "en")).toEqual({ status: 409, body: { success: false, message: "These dates are already taken. Please choose others" } });
    expect(errorResponse(error, "ky").body.message).toBe("Бул күндөр бош эмес. Башка күндөрдү тандаңыз");
  });

  it("hides unexpected errors behind a logged 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = new Hono()
      .get("/boom", () => {
        throw new Error("secret detail");
      })
      .onError(handleError);
    const response = await app.fetch(new Request("http://x/boom"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ success: false, message: "Ошибка на сервере. Попробуйте позже" });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("never answers bad input with a 5xx", async () => {
    const estate = await t.make.estate();
    const probes: [string, unknown?][] = [
      ["/api/v1/guest/estate", { page: "1e400" }],
      ["/api/v1/guest/estate", { adultCount: 1e20, star: "5", parameters: [1.5] }],
      ["/api/v1/guest/estate", { type: 2 ** 40 }],
      ["/api/v1/guest/estate", { subtype: 2 ** 31 }],
      ["/api/v1/guest/estate", { parameters: [2 ** 31] }],
      ["/api/v1/guest/estate", { nutrition: [2 ** 31] }],
      ["/api/v1/guest/estate", { priceTo: 2 ** 40 }],
      ["/api/v1/guest/estate", { topRight: { lat: 1e308, lng: 1 }, leftBottom: { lat: 0, lng: 0 } }],
      ["/api/v1/guest/estate", { location: "x".repeat(101) }],
      ["/api/v1/guest/estate", { location: "' OR 1=1 --" }],
      ["/api/v1/guest/estate", { location: "\\%_" }],
      ["/api/v1/guest/estate", { checkInDate: "2031-13-01", checkOutDate: "2031-14-01" }],
      ["/api/v1/guest/estate/map", { topRight: null, leftBottom: [] }],
      ["/api/v1/guest/estate/by_ids", { ids: [2 ** 31] }],
      [`/api/v1/guest/estate/${"9".repeat(30)}`],
      ["/api/v1/guest/estate/%E2%82%AC"],
      ["/api/v1/guest/estate/review/1?perPage=1e3"],
      [`/api/v1/guest/estate/available_dates/${estate.id}?from=0000-00-00`],
      ["/api/v1/guest/subtypes/99999999999"],
    ];
    for (const [path, body] of probes) {
      const response = body === undefined ? await t.get<ErrorBody>(path) : await t.post<ErrorBody>(path, body);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe("locale", () => {
  it("prefers ?locale=, then Accept-Language, then ru", async () => {
    const type = await t.make.type({ name: text("Коттедж", "Cottage", "Коттедж ky") });
    const nameIn = async (query: string, headers?: Record<string, string>) => {
      const { body, headers: responseHeaders } = await t.get<{ data: TypesResponse }>(`/api/v1/guest/types${query}`, headers);
      expect(responseHeaders.get("Vary")).toMatch(/Accept-Language/);
      return body.data.types.find((x) => x.id === type.id)?.name;
    };
    expect(await nameIn("")).toBe("Коттедж");
    expect(await nameIn("", { "Accept-Language": "en-GB,en;q=0.9" })).toBe("Cottage");
    expect(await nameIn("", { "Accept-Language": "de-DE, ky;q=0.8, en;q=0.5" })).toBe("Коттедж ky");
    expect(await nameIn("?locale=en", { "Accept-Language": "ky" })).toBe("Cottage");
    expect(await nameIn("?locale=de", { "Accept-Language": "ky" })).toBe("Коттедж ky");
  });

  it("reads Accept-Language by preference and ignores languages it does not have", () => {
    expect(localeFromAcceptLanguage("fr;q=1, en;q=0.4, ky;q=0.6")).toBe("ky");
    expect(localeFromAcceptLanguage("ru-RU")).toBe("ru");
    expect(localeFromAcceptLanguage("en;q=0, ky")).toBe("ky");
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(resolveLocale(undefined, "fr")).toBe("ru");
  });

  it("falls back to Russian, then any language, when a translation is empty", () => {
    expect(localize({ ru: "Дом", en: "", ky: "" }, "en")).toBe("Дом");
    expect(localize({ ru: "", en: "House", ky: "" }, "ky")).toBe("House");
    expect(localize({ ru: "Дом", en: "House", ky: "Үй" }, "ky")).toBe("Үй");
  });
});
