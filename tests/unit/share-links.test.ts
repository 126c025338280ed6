import { describe, expect, it } from "vitest";
import { readableQueryValue, telegramShareHref, whatsappShareHref } from "~/lib/share-links";

describe("share links", () => {
  it("keep letters readable and encode everything that would change the query", () => {
    expect(readableQueryValue("Тёплая квартира & сад #1 = 100%")).toBe("Тёплая%20квартира%20%26%20сад%20%231%20%3D%20100%25");
    expect(readableQueryValue("Үй, Ош 🏔️")).toBe("Үй,%20Ош%20🏔️");
    expect(readableQueryValue("https://konok.kg/estates/a?b=1&c=2+3#x")).toBe("https://konok.kg/estates/a?b%3D1%26c%3D2%2B3%23x");
  });

  it("are read back by a URL parser as the text that was written", () => {
    const title = "Бутик-отель «Ак-Суу» в Бишкеке: 5 200 сом / ночь & завтрак?";
    const url = "https://konok.kg/estates/ak-suu-79?checkInDate=2026-12-01&adultCount=2";
    const telegram = new URL(telegramShareHref(url, title));
    expect(telegram.origin + telegram.pathname).toBe("https://t.me/share/url");
    expect(telegram.searchParams.get("url")).toBe(url);
    expect(telegram.searchParams.get("text")).toBe(title);
    // Followed, the browser sends the letters percent-encoded, as the share services expect.
    expect(telegram.href).toContain("text=%D0%91%D1%83%D1%82%D0%B8%D0%BA");
    const whatsapp = new URL(whatsappShareHref(url, title));
    expect(whatsapp.searchParams.get("text")).toBe(`${title} ${url}`);
  });
});
