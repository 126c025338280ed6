/**
 * Instants as people read them, in Bishkek time in every language (issue 28): the booking
 * deadlines' moments, the lists' short moments, a date with its time, and the clock times of the
 * code steps. Pinned before these were made to share one formatter, so the outputs stay the same;
 * Kyrgyz is spelled from our own tables (no Intl data in Chromium), so a drift would break
 * hydration, not only a test.
 */
import { describe, expect, it } from "vitest";
import { resendInfo } from "../../app/components/profile/code-flow.server";
import { codeStepView } from "../../app/lib/phone-code.server";
import { formatDateTime, formatMoment, formatShortMoment } from "../../app/lib/format";
import type { Locale } from "../../app/i18n/config";

const LOCALES: Locale[] = ["ru", "en", "ky"];
// Intl writes a narrow no-break space in some languages' dates: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const each = (format: (locale: Locale) => string) => Object.fromEntries(LOCALES.map((l) => [l, plain(format(l))]));

// 2026-11-29 23:30 in Bishkek (UTC+6), and instants either side of its midnight.
const NOW = new Date("2026-11-29T17:30:00Z");

describe("booking moments (formatMoment)", () => {
  it("is the time alone on the same Bishkek day, whatever the UTC day", () => {
    expect(each((l) => formatMoment("2026-11-29T08:05:00Z", l, NOW))).toEqual({ ru: "14:05", en: "14:05", ky: "14:05" });
    expect(each((l) => formatMoment("2026-11-28T18:00:00Z", l, NOW))).toEqual({ ru: "00:00", en: "00:00", ky: "00:00" });
  });
  it("is the day, month and time on another Bishkek day", () => {
    expect(each((l) => formatMoment("2026-11-29T18:00:00Z", l, NOW))).toEqual({ ru: "30 ноября, 00:00", en: "30 November, 00:00", ky: "30-ноябрь, 00:00" });
    expect(each((l) => formatMoment("2027-01-02T03:07:00Z", l, NOW))).toEqual({ ru: "2 января, 09:07", en: "2 January, 09:07", ky: "2-январь, 09:07" });
  });
});

describe("list moments (formatShortMoment)", () => {
  it("is the time on the same Bishkek day, else the day and short month", () => {
    expect(each((l) => formatShortMoment("2026-11-29T08:05:00Z", l, NOW))).toEqual({ ru: "14:05", en: "14:05", ky: "14:05" });
    expect(each((l) => formatShortMoment("2026-11-28T18:00:00Z", l, NOW))).toEqual({ ru: "00:00", en: "00:00", ky: "00:00" });
    expect(each((l) => formatShortMoment("2026-11-28T17:59:00Z", l, NOW))).toEqual({ ru: "28 нояб.", en: "28 Nov", ky: "28-ноя." });
  });
});

describe("a date with its time (formatDateTime)", () => {
  it("is in Bishkek time", () => {
    expect(each((l) => formatDateTime("2026-11-29T18:00:00Z", l))).toEqual({ ru: "30 нояб. 2026 г., 00:00", en: "30 Nov 2026, 00:00", ky: "2026-ж., 30-ноя. 00:00" });
  });
});

describe("the code steps' clock times", () => {
  it("rounds the resend time up to the minute, in Bishkek", () => {
    // Sent 23:59:30 in Bishkek: a new code from 00:00:30, shown as 00:01.
    const sentAt = Date.parse("2026-11-29T17:59:30Z");
    expect(each((l) => resendInfo({ sentAt, resendAt: sentAt + 60_000 }, l, sentAt).time)).toEqual({ ru: "00:01", en: "00:01", ky: "00:01" });
    const earlier = Date.parse("2026-11-29T08:04:00Z");
    expect(each((l) => resendInfo({ sentAt: earlier, resendAt: earlier + 60_000 }, l, sentAt).time)).toEqual({ ru: "14:05", en: "14:05", ky: "14:05" });
  });
  it("shows the phone step's resend and last send times in Bishkek", () => {
    const sentAt = Date.parse("2026-11-29T17:58:10Z");
    const pending = { countryCode: "996", phone: "700123456", phoneNumber: "996700123456", email: null, sends: 2, sentAt, resendAt: sentAt + 60_000, codeExpiresAt: sentAt + 300_000 } as unknown as Parameters<typeof codeStepView>[0];
    expect(each((l) => codeStepView(pending, l, sentAt).resendAfter)).toEqual({ ru: "00:00", en: "00:00", ky: "00:00" });
    expect(each((l) => codeStepView(pending, l, sentAt).resentAt ?? "")).toEqual({ ru: "23:58", en: "23:58", ky: "23:58" });
  });
});
