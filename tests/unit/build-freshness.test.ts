import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReload } from "../../app/lib/build-freshness";
import { deviceOf, safeKonokPath, storeFor } from "../../app/lib/deeplink";

const memoryStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe("chunk-load recovery guard", () => {
  it("reloads a path once per 10 seconds, each path on its own", () => {
    const storage = memoryStorage();
    expect(mayReload("/estates", storage, 1_000)).toBe(true);
    expect(mayReload("/estates", storage, 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload("/articles", storage, 2_000)).toBe(true);
    expect(mayReload("/estates", storage, 1_000 + CHUNK_RELOAD_GUARD_MS + 1)).toBe(true);
  });

  it("recognises failed dynamic imports of the three engines only", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/build/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Network request failed"))).toBe(false);
  });
});

describe("deeplink paths", () => {
  it.each([
    ["/estates/yurt-1?checkInDate=2026-07-01", "/estates/yurt-1?checkInDate=2026-07-01"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/deeplink", "/"],
    ["/en/deeplink/", "/"],
    [null, "/"],
  ])("%s → %s", (raw, safe) => expect(safeKonokPath(raw)).toBe(safe));

  it("picks the store of the phone, and none for a desktop", () => {
    const apps = [
      { id: 1, platform: "ios" as const, name: "App Store", url: "https://apps.apple.com/x" },
      { id: 2, platform: "android" as const, name: "Google Play", url: "https://play.google.com/x" },
    ];
    expect(storeFor(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)"), apps)?.platform).toBe("ios");
    expect(storeFor(deviceOf("Mozilla/5.0 (Linux; Android 14; HUAWEI P60) HuaweiBrowser/14"), apps)?.platform).toBe("android");
    expect(storeFor(deviceOf("Mozilla/5.0 (X11; Linux x86_64) Chrome/126"), apps)).toBeNull();
  });
});
