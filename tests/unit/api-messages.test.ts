/**
 * Every message the API sends a person comes from one catalogue (contract/messages.ts) in ru, en
 * and ky: errors carry keys, and the error layer writes them in the request's language. This
 * file fails when a key lacks a language, when code throws a sentence instead of a key, or when a
 * schema gives zod an English message instead of a key.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LOCALES } from "../../contract/common";
import { codeSchema, loginSchema } from "../../contract/account";
import { stepSchemas, type FormStepId } from "../../contract/listing-steps";
import { MESSAGE_KEY_CLASHES, MESSAGES } from "../../contract/messages";
import { errorResponse } from "../../api/lib/error-handler";
import { fieldError, HttpError, notFound } from "../../api/lib/http-errors";
import { isMessageKey, message } from "../../api/lib/messages";
import { issueText, parseInput } from "../../api/lib/validation";

const CYRILLIC = /[А-Яа-яЁёҢңӨөҮү]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "seed" || entry.name === "migrations" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}
const SOURCES = [...sourceFiles("api"), ...sourceFiles("contract")].map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));

describe("the message catalogue", () => {
  it("has a real text in ru, en and ky for every key, with the same parameters", () => {
    const keys = Object.keys(MESSAGES) as (keyof typeof MESSAGES)[];
    expect(keys.length).toBeGreaterThan(100);
    expect(MESSAGE_KEY_CLASHES).toEqual([]);
    for (const key of keys) {
      const texts = MESSAGES[key];
      expect(Object.keys(texts).sort(), key).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) expect(texts[locale].trim(), `${key}.${locale}`).not.toBe("");
      expect(texts.ru, `${key}.ru`).toMatch(CYRILLIC);
      expect(texts.ky, `${key}.ky`).toMatch(CYRILLIC);
      expect(texts.en, `${key}.en`).not.toMatch(CYRILLIC);
      // Kyrgyz is Kyrgyz: never the Russian text copied over.
      expect(texts.ky, `${key}.ky`).not.toBe(texts.ru);
      expect(placeholders(texts.en), `${key}.en`).toEqual(placeholders(texts.ru));
      expect(placeholders(texts.ky), `${key}.ky`).toEqual(placeholders(texts.ru));
    }
  });

  it("fills in parameters, and a parameter given per language in that language", () => {
    expect(message("ky", "codeWrong", { left: 3 })).toBe("Код туура эмес. Калган аракет: 3");
    expect(message("en", "publishMissingSteps", { steps: { ru: "Цена", en: "Price", ky: "Баасы" } })).toBe("To publish, finish these steps: Price");
  });
});

describe("what the API throws", () => {
  it("names a catalogue key wherever it throws an error for a person (no sentence, no template string)", () => {
    const offences: string[] = [];
    const throwSite = /\b(new HttpError\(\s*\d{3}\s*,|notFound\(|fieldError\(\s*[^,()]+,)\s*(\{\s*key:\s*)?(["'`])((?:(?!\3).)*)\3/g;
    for (const { file, text } of SOURCES) {
      for (const match of text.matchAll(throwSite)) {
        const [, site, , quote, literal] = match;
        if (quote === "`" || !isMessageKey(literal)) offences.push(`${file}: ${site} ${quote}${literal}${quote}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("gives zod keys, never English sentences, as the messages of the schemas it parses with", () => {
    const offences: string[] = [];
    const zodCall = /\.(min|max|length|regex|email|int|positive|nonnegative|url|refine|nonempty|gte|lte|gt|lt|multipleOf)\(|\b(message|required_error|invalid_type_error)\s*:/;
    const sentence = /(["'`])[A-Z][a-z]*[ ,.:](?:(?!\1).)*\1/;
    for (const { file, text } of SOURCES) {
      if (file.endsWith(path.join("contract", "messages.ts")) || file.endsWith(path.join("contract", "listing-text.ts"))) continue;
      if (!/from "zod"/.test(text)) continue;
      text.split("\n").forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        if (zodCall.test(line) && sentence.test(line)) offences.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offences).toEqual([]);
  });

  it("writes a thrown key in the request's language, field messages too", () => {
    for (const locale of LOCALES) {
      expect(errorResponse(notFound("estateNotFound"), locale)).toEqual({ status: 404, body: { success: false, message: MESSAGES.estateNotFound[locale] } });
      const capacity = errorResponse(fieldError("adultCount", "capacityMax", { n: 4 }), locale);
      expect(capacity.status).toBe(422);
      expect(capacity.body.errors).toEqual({ adultCount: [message(locale, "capacityMax", { n: 4 })] });
      expect(capacity.body.message).toBe(message(locale, "capacityMax", { n: 4 }));
    }
    // An identifier in `errors` (the booking that holds a night) stays a plain value.
    const held = new HttpError(409, { key: "calendarBookingHolds", params: { id: 7, guest: "", from: "2031-01-01", to: "2031-01-03" } }, { bookingId: [{ ref: 7 }] });
    expect(errorResponse(held, "ru").body).toEqual({ success: false, message: "Бронирование #7 занимает даты 2031-01-01 – 2031-01-03", errors: { bookingId: ["7"] } });
    // Logs read English.
    expect(held.message).toBe("Booking #7 holds 2031-01-01 – 2031-01-03");
  });

  it("writes zod issues in the request's language: the schema's key, or a generic message for zod's own", () => {
    const refusal = (schema: z.ZodTypeAny, input: unknown) => {
      try {
        parseInput(schema, input, "body");
      } catch (error) {
        return error;
      }
      throw new Error("parsed");
    };
    const badCode = refusal(z.object({ code: codeSchema }), { code: "12" });
    expect(errorResponse(badCode, "ru").body.errors).toEqual({ code: ["Код состоит из 6 цифр"] });
    expect(errorResponse(badCode, "en").body.errors).toEqual({ code: ["The code is 6 digits"] });
    expect(errorResponse(badCode, "ky").body.errors).toEqual({ code: ["Код 6 сандан турат"] });
    expect(errorResponse(refusal(loginSchema, { phoneNumber: "996700123456" }), "ky").body.errors).toEqual({ password: ["Сырсөзүңүздү жазыңыз"] });

    // A schema with zod's English defaults, or an English message of its own, still reads in the locale.
    const plain = z.object({ n: z.number().int().min(2), s: z.string().max(3), e: z.enum(["a", "b"]), x: z.string().refine(() => false, "Some English") });
    const body = errorResponse(refusal(plain, { n: 1, s: "long", e: "c", x: "" }), "ky").body;
    expect(body.errors).toEqual({ n: ["Кеминде 2"], s: ["Эң көп 3 белги"], e: ["Вариантты тандаңыз"], x: ["Жараксыз маани"] });
    expect(body.message).toBe("Кеминде 2");
    for (const code of Object.values(z.ZodIssueCode)) {
      const text = issueText({ code, path: [], message: "English default" } as unknown as z.ZodIssue);
      expect(isMessageKey(typeof text === "string" ? text : text.key), code).toBe(true);
    }
  });

  it("gives keys, with their bounds, from the wizard's schemas in the API's mode", () => {
    const schemas = stepSchemas("en", "2030-01-01", "keys");
    const bad: Partial<Record<FormStepId, unknown>> = {
      title: { title_ru: "Дом" },
      address: { place: "", street: "x", house: "" },
      capacity: { guests: 10, bedrooms: -1, beds: 1, baths: 1.5 },
      price: { price: 10, minNights: 5, maxNights: 2 },
      start: { availableFrom: "2020-01-01" },
      landlord_data: { landlordKind: "x", legalName: "", taxId: "1", payoutAccount: "1" },
    };
    for (const [step, input] of Object.entries(bad)) {
      const result = schemas[step as FormStepId].safeParse(input);
      expect(result.success, step).toBe(false);
      for (const issue of result.error!.issues) expect(isMessageKey(issue.message), `${step} ${issue.path.join(".")}: ${issue.message}`).toBe(true);
    }
    const title = schemas.title.safeParse({ title_ru: "Дом" });
    const text = issueText(title.error!.issues[0]);
    expect(message("ky", typeof text === "string" ? text : text.key, typeof text === "string" ? {} : text.params)).toBe("Кеминде 5 белги");
  });
});
