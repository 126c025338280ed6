/**
 * The landlord_data step's tax id and payout account are encrypted at rest (AES-256-GCM, key from
 * DATA_ENCRYPTION_KEY): the raw database row holds neither in the clear, the host still sees them
 * masked and can change them, and a wrong key reads them as unknown instead of failing.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { createDataCipher } from "../../api/lib/data-cipher";
import { issueTokens } from "../../api/services/auth/tokens";
import { maskTail, type Listing } from "../../contract/listing-steps";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "l".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const KEY = "k".repeat(40);
let api: ReturnType<typeof createApi>;

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(app: ReturnType<typeof createApi>, token: string, method: string, url: string, body?: unknown): Promise<Res<T>> {
  const response = await app.fetch(
    new Request(`http://konok.test${url}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Res<T>["body"] };
}

const rawRow = async (id: number) => (await t.db.execute<{ data: string }>(sql`SELECT wizard_data::text AS data FROM estates WHERE id = ${id}`)).rows[0].data;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, dataKey: KEY });
  await t.make.type({ kind: "simple" });
});

describe("landlord data at rest", () => {
  it("stores the tax id and payout account encrypted; the host sees them masked and can change them", async () => {
    const host = await t.make.user({ mode: "host" });
    const { token } = await issueTokens(t.db, host.id, AUTH);
    const id = (await call<{ object: Listing }>(api, token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object.id;
    const first = { landlordKind: "individual", legalName: "Айбек Асанов", taxId: "12345678901234", payoutAccount: "4169 5851 0000 1234" };
    const saved = await call<{ object: Listing }>(api, token, "PUT", `/api/v1/host/objects/${id}/steps/landlord_data`, first);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.object.values.landlord_data).toEqual({
      landlordKind: "individual",
      legalName: "Айбек Асанов",
      taxId: maskTail("12345678901234"),
      payoutAccount: maskTail("4169585100001234"),
    });

    const raw = await rawRow(id);
    for (const secret of ["12345678901234", "4169585100001234", "4169 5851", "5678901234", "00001234"]) expect(raw).not.toContain(secret);
    expect(raw).toContain("Айбек Асанов");
    const stored = JSON.parse(raw).landlord_data as Record<string, string>;
    expect(stored.taxId).toMatch(/^enc:v1:/);
    // The key the server was given opens them; nothing else is needed.
    expect(createDataCipher(KEY).open(stored.taxId)).toBe("12345678901234");
    expect(createDataCipher(KEY).open(stored.payoutAccount)).toBe("4169585100001234");

    const read = await call<{ object: Listing }>(api, token, "GET", `/api/v1/host/objects/${id}`);
    expect(read.body.data.object.values.landlord_data?.taxId).toBe("••••••••••1234");

    // The host changes them: the new ones are shown masked, and stored encrypted too.
    const second = { landlordKind: "company", legalName: "ОсОО Конок Тест", taxId: "02345678909999", payoutAccount: "1180000012345678" };
    const edited = await call<{ object: Listing }>(api, token, "PUT", `/api/v1/host/objects/${id}/steps/landlord_data`, second);
    expect(edited.body.data.object.values.landlord_data).toMatchObject({ landlordKind: "company", taxId: maskTail("02345678909999"), payoutAccount: maskTail("1180000012345678") });
    const raw2 = await rawRow(id);
    expect(raw2).not.toContain("02345678909999");
    expect(raw2).not.toContain("1180000012345678");
    expect(raw2).not.toContain(stored.taxId);

    // A duplicate shares the sealed values and reads them.
    const copy = await call<{ object: Listing }>(api, token, "POST", `/api/v1/host/objects/${id}/duplicate`);
    expect(copy.body.data.object.values.landlord_data?.taxId).toBe(maskTail("02345678909999"));

    // Another key cannot read them: shown as unknown (to type again), not a failure.
    const wrongKey = createApi({ db: t.db, auth: AUTH, dataKey: "x".repeat(40) });
    const unreadable = await call<{ object: Listing }>(wrongKey, token, "GET", `/api/v1/host/objects/${id}`);
    expect(unreadable.status).toBe(200);
    expect(unreadable.body.data.object.values.landlord_data).toMatchObject({ taxId: "", payoutAccount: "", legalName: "ОсОО Конок Тест" });
  });
});
