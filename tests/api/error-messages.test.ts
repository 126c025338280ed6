/**
 * Every message the API sends a person is in the request's language (SPEC section 7): the
 * `Accept-Language` header the web app sends, or `?locale=` on a request without a token. One
 * refusal of each kind, through the real API and database, in ru, en and ky: a wrong sign-in code,
 * a code that is not 6 digits (a contract schema), an unknown estate, a booking refused by the
 * booking rules, a wizard step refused by its schema, and a search refused by its schema.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { createApi } from "../../api/app";
import { smsOutbox } from "../../api/db/schema";
import { addDays, todayInBishkek } from "../../contract/dates";
import { issueTokens } from "../../api/services/auth/tokens";
import type { Locale } from "../../contract/common";
import type { Listing } from "../../contract/listing-steps";
import { setupTestApi } from "./helpers";
import { outboxText } from "../support/outbox-text";

const t = setupTestApi();
const AUTH = { secret: "m".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;

type Refusal = { status: number; body: { success: boolean; message: string; errors?: Record<string, string[]> } };
async function call(method: string, path: string, options: { body?: unknown; token?: string; locale?: Locale } = {}): Promise<Refusal> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.token && options.locale) headers["Accept-Language"] = options.locale;
  // Without a token the language travels as ?locale= (SPEC section 6).
  const url = !options.token && options.locale ? `${path}${path.includes("?") ? "&" : "?"}locale=${options.locale}` : path;
  const response = await api.fetch(new Request(`http://konok.test${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }));
  return { status: response.status, body: (await response.json()) as Refusal["body"] };
}

async function person(mode: "guest" | "host") {
  const user = await t.make.user({ mode });
  return { ...user, token: (await issueTokens(t.db, user.id, AUTH)).token };
}

let phoneSeq = 0;
const freshPhone = () => `9967${String(process.pid % 100).padStart(2, "0")}${String(Date.now() % 1000).padStart(3, "0")}${String(phoneSeq++).padStart(3, "0")}`.slice(0, 12);

beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

describe("API messages in the request's language", () => {
  it("a wrong sign-in code, and a code that is not 6 digits", async () => {
    const expected = {
      ru: { wrong: "Неверный код. Осталось попыток: 4", short: "Код состоит из 6 цифр", password: "Неверный номер телефона или пароль" },
      en: { wrong: "Wrong code. Tries left: 4", short: "The code is 6 digits", password: "Wrong phone number or password" },
      ky: { wrong: "Код туура эмес. Калган аракет: 4", short: "Код 6 сандан турат", password: "Телефон номери же сырсөз туура эмес" },
    };
    for (const locale of ["ru", "en", "ky"] as const) {
      const phone = freshPhone();
      expect((await call("POST", "/api/register/send_code", { body: { phoneNumber: phone }, locale })).status).toBe(200);
      const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      const right = outboxText(sms.body).match(/\d{6}/)![0];
      const wrong = await call("POST", "/api/register/verify_code", { body: { phoneNumber: phone, code: right === "000000" ? "111111" : "000000" }, locale });
      expect(wrong).toEqual({ status: 422, body: { success: false, message: expected[locale].wrong, errors: { code: [expected[locale].wrong] } } });

      const short = await call("POST", "/api/register/verify_code", { body: { phoneNumber: phone, code: "12" }, locale });
      expect(short).toEqual({ status: 422, body: { success: false, message: expected[locale].short, errors: { code: [expected[locale].short] } } });

      const login = await call("POST", "/api/login", { body: { phoneNumber: phone, password: "not the password" }, locale });
      expect(login.status).toBe(422);
      expect(login.body.errors).toEqual({ password: [expected[locale].password] });
    }
  });

  it("an unknown estate, and an unknown API address", async () => {
    const expected = { ru: "Объект не найден", en: "Estate not found", ky: "Объект табылган жок" };
    for (const locale of ["ru", "en", "ky"] as const) {
      expect(await call("GET", "/api/v1/guest/estate/99999999", { locale })).toEqual({ status: 404, body: { success: false, message: expected[locale] } });
      expect(await call("GET", "/api/v1/guest/estate/map/99999999", { locale })).toEqual({ status: 404, body: { success: false, message: expected[locale] } });
    }
    expect((await call("GET", "/api/v1/nothing-here", { locale: "ky" })).body.message).toBe("Мындай API дареги жок: /api/v1/nothing-here");
    expect((await call("GET", "/api/v1/nothing-here", { locale: "en" })).body.message).toBe("Not Found: /api/v1/nothing-here");
  });

  it("a booking refused by the booking rules, with the numbers in the sentence", async () => {
    const host = await person("host");
    const guest = await person("guest");
    const estate = await t.make.estate({ hostId: host.id, capacity: 3, maxNights: 30 });
    const today = todayInBishkek();
    const expected = {
      ru: { past: "Дата заезда не может быть в прошлом", capacity: "Наибольшее число гостей здесь: 3", own: "Нельзя забронировать своё собственное объявление" },
      en: { past: "Check-in cannot be in the past", capacity: "The most guests this place sleeps: 3", own: "You cannot book your own listing" },
      ky: { past: "Кирүү күнү өткөн күн боло албайт", capacity: "Бул жерге эң көп батчу конок саны: 3", own: "Өзүңүздүн жарыяңызды брондой албайсыз" },
    };
    for (const locale of ["ru", "en", "ky"] as const) {
      const stay = { estateId: estate.id, checkInDate: addDays(today, 10), checkOutDate: addDays(today, 12), adultCount: 2, childrenCount: 0 };
      const past = await call("POST", "/api/v1/booking", { token: guest.token, locale, body: { ...stay, checkInDate: addDays(today, -2) } });
      expect(past).toEqual({ status: 422, body: { success: false, message: expected[locale].past, errors: { checkInDate: [expected[locale].past] } } });
      const crowd = await call("POST", "/api/v1/booking", { token: guest.token, locale, body: { ...stay, adultCount: 5 } });
      expect(crowd).toEqual({ status: 422, body: { success: false, message: expected[locale].capacity, errors: { adultCount: [expected[locale].capacity] } } });
      const own = await call("POST", "/api/v1/booking", { token: host.token, locale, body: stay });
      expect(own.body.errors).toEqual({ estateId: [expected[locale].own] });
    }
  });

  it("a host wizard step refused by its schema and by the database check", async () => {
    // A new listing takes the first type of its kind.
    await t.make.type({ kind: "simple" });
    const host = await person("host");
    const created = await api.fetch(
      new Request("http://konok.test/api/v1/host/objects", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${host.token}` },
        body: JSON.stringify({ kind: "simple" }),
      }),
    );
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { object: Listing } }).data.object;
    const expected = {
      ru: { price: "Не меньше 300", title: "Не короче 5 символов", max: "Максимум ночей не может быть меньше минимума", place: "Мы пока не знаем, где «Атлантида»: поставьте точку на карте или введите координаты", publish: "Чтобы опубликовать, заполните шаги: Тип жилья" },
      en: { price: "At least 300", title: "At least 5 characters", max: "The maximum nights cannot be below the minimum", place: "We do not know where Атлантида is yet: put the pin on the map or type the coordinates", publish: "To publish, finish these steps: Type of place" },
      ky: { price: "Кеминде 300", title: "Кеминде 5 белги", max: "Эң көп түн эң аздан кем болбойт", place: "«Атлантида» кайда экенин азырынча билбейбиз: картага чекит коюңуз же координаттарды жазыңыз", publish: "Жарыялоо үчүн бул кадамдарды толтуруңуз: Турак жайдын түрү" },
    };
    for (const locale of ["ru", "en", "ky"] as const) {
      const price = await call("PUT", `/api/v1/host/objects/${id}/steps/price`, { token: host.token, locale, body: { price: 10, minNights: 5, maxNights: 2 } });
      expect(price.status).toBe(422);
      expect(price.body.errors).toEqual({ price: [expected[locale].price], maxNights: [expected[locale].max] });
      expect(price.body.message).toBe(expected[locale].price);
      const title = await call("PUT", `/api/v1/host/objects/${id}/steps/title`, { token: host.token, locale, body: { title_ru: "Дом" } });
      expect(title.body.errors).toEqual({ title_ru: [expected[locale].title] });
      const place = await call("PUT", `/api/v1/host/objects/${id}/steps/address`, { token: host.token, locale, body: { place: "Атлантида", street: "ул. Токтогула", house: "1" } });
      expect(place.body.errors).toEqual({ place: [expected[locale].place] });
      const publish = await call("POST", `/api/v1/host/objects/${id}/publish`, { token: host.token, locale });
      expect(publish.status).toBe(422);
      expect(publish.body.message.startsWith(expected[locale].publish)).toBe(true);
      expect(publish.body.errors?.steps?.[0]).toBe("type");
    }
  });

  it("a search refused by the contract's schema, and zod's own checks", async () => {
    const expected = {
      ru: { range: "Максимальная цена ниже минимальной", page: "Не меньше 1", order: "Выберите вариант", json: "Тело запроса — не JSON" },
      en: { range: "The maximum price is below the minimum", page: "At least 1", order: "Choose an option", json: "Malformed JSON" },
      ky: { range: "Эң жогорку баа эң төмөнкүдөн аз", page: "Кеминде 1", order: "Вариантты тандаңыз", json: "Суроонун денеси JSON эмес" },
    };
    for (const locale of ["ru", "en", "ky"] as const) {
      const range = await call("POST", "/api/v1/guest/estate", { locale, body: { priceFrom: 5000, priceTo: 100 } });
      expect(range).toEqual({ status: 422, body: { success: false, message: expected[locale].range, errors: { priceTo: [expected[locale].range] } } });
      const bounds = await call("POST", "/api/v1/guest/estate", { locale, body: { page: 0, orderBy: "cheapest" } });
      expect(bounds.status).toBe(422);
      expect(bounds.body.errors).toEqual({ page: [expected[locale].page], orderBy: [expected[locale].order] });
      const malformed = await api.fetch(new Request(`http://konok.test/api/v1/guest/estate?locale=${locale}`, { method: "POST", body: "{nope" }));
      expect(((await malformed.json()) as Refusal["body"]).errors).toEqual({ body: [expected[locale].json] });
    }
  });

  it("a signed-in request takes the language of its Accept-Language header", async () => {
    const guest = await person("guest");
    const expected = { ru: "Бронирование не найдено", en: "Booking not found", ky: "Брондоо табылган жок" };
    for (const locale of ["ru", "en", "ky"] as const) {
      expect(await call("GET", "/api/v1/booking/99999999", { token: guest.token, locale })).toEqual({ status: 404, body: { success: false, message: expected[locale] } });
    }
  });
});
