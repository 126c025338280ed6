/**
 * One phone rule (contract/phone.ts, issue 28): the API's schema and the web forms refuse and accept
 * the same numbers. Before, the forms took 6–12 national digits and the API 8–15 in all, so a form
 * could pass a number the API then refused (or the other way round).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { phoneNumberSchema } from "../../contract/account";
import { joinPhone, PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, phoneProblem } from "../../contract/phone";
import { phoneFields, withPhoneCheck } from "../../app/lib/forms.server";
import { getT } from "../../app/i18n/i18n.server";
import { message } from "../e2e/support";

const digits = (n: number, first = "7") => (first + "1234567890".repeat(2)).slice(0, n);

describe("contract/phone.ts", () => {
  it("takes 8 to 15 digits in all, and a +996 number only with 9 national digits", () => {
    expect(phoneProblem(digits(PHONE_DIGITS_MIN - 1))).toBe("digits");
    expect(phoneProblem(digits(PHONE_DIGITS_MIN))).toBeNull();
    expect(phoneProblem(digits(PHONE_DIGITS_MAX))).toBeNull();
    expect(phoneProblem(digits(PHONE_DIGITS_MAX + 1))).toBe("digits");
    expect(phoneProblem("996700123456")).toBeNull();
    expect(phoneProblem("99670012345")).toBe("kg");
    expect(phoneProblem("9967001234567")).toBe("kg");
    expect(phoneProblem("99670012345a")).toBe("digits");
    expect(phoneProblem("")).toBe("digits");
  });

  it("joins a country code and a national number as typed, dropping the trunk 0", () => {
    expect(joinPhone("996", "0700 123-456")).toBe("996700123456");
    expect(joinPhone("+7", "(912) 345-67-89")).toBe("79123456789");
    expect(phoneNumberSchema.parse("+996 (700) 123-456")).toBe("996700123456");
  });
});

describe("the API and the forms agree", () => {
  const form = async () => {
    const t = await getT("en");
    return z.object(phoneFields(t)).superRefine(withPhoneCheck(t));
  };
  const cases: [countryCode: string, national: string][] = [
    ["996", "700 123 456"],
    ["996", "0700123456"],
    ["996", "12345"],
    ["996", "7001234567"],
    ["7", "123456"], // 7 in all: the forms took it before, the API never did
    ["7", "1234567"], // 8 in all: the shortest taken
    ["1234", "12345678901"], // 15 in all: the longest
    ["1234", "123456789012"], // 16: the forms took it before, the API never did
    ["49", "30 1234 5678"],
  ];
  it.each(cases)("+%s %s", async (countryCode, national) => {
    // The form sends the joined number (fullPhone); the API parses that.
    const api = phoneNumberSchema.safeParse(joinPhone(countryCode, national));
    const web = (await form()).safeParse({ countryCode, phone: national });
    expect(web.success).toBe(api.success);
  });

  it("the forms say why, one message at a time", async () => {
    const f = await form();
    const messages = (input: { countryCode: string; phone: string }) => {
      const r = f.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ countryCode: "996", phone: "12345" })).toEqual([message("en", "common", "form.phoneKg")]);
    expect(messages({ countryCode: "7", phone: "123456" })).toEqual([message("en", "common", "form.phoneInvalid")]);
    expect(messages({ countryCode: "7", phone: "12a456" })).toEqual([message("en", "common", "form.phoneInvalid")]);
  });

  it("the forms' message names the contract's limits in every language", () => {
    for (const locale of ["ru", "en", "ky"]) {
      const text = message(locale, "common", "form.phoneInvalid");
      expect(text).toContain(String(PHONE_DIGITS_MIN));
      expect(text).toContain(String(PHONE_DIGITS_MAX));
    }
  });
});
