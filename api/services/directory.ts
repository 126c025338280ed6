import { sql } from "drizzle-orm";
import type { Localized } from "../../contract/common";
import type {
  Contact,
  ContactsResponse,
  CountryCode,
  EstateSubtype,
  EstateType,
  MobileApp,
  Nutrition,
  Parameter,
  Social,
} from "../../contract/directory";
import type { Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { notFound } from "../lib/http-errors";
import { localize } from "../lib/locale";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";
import { intArray } from "../lib/sql";
import { searchIndexFor } from "./search/search-index";

/** Listed first in the phone code picker: most guests and hosts are in Kyrgyzstan. */
const HOME_COUNTRY_ISO = "KG";

type Named<T> = Omit<T, "name"> & { name: Localized };
const localizeName = <T>(rows: Named<T>[], view: Presentation) => rows.map((r) => ({ ...r, name: localize(r.name, view.locale) }) as T);

/**
 * Which entries a guest list offers: those not retired (decision 0076), and the retired ones among
 * `keep`, the ids a listing already has, so its wizard shows them checked instead of dropping them.
 */
const offered = (keep: readonly number[]) => (keep.length ? sql`(retired_at IS NULL OR id = ANY(${intArray(keep)}))` : sql`retired_at IS NULL`);

/**
 * Each type with how many published top-level estates (plain estates and complexes) it has,
 * counted by the search index: counting the table took ~40 ms at 100 000 estates on PGlite, on
 * every home page.
 */
export async function listTypes(db: Db, view: Presentation, keep: readonly number[] = []): Promise<EstateType[]> {
  const read = () =>
    db.execute<Named<Omit<EstateType, "estatesCount">>>(sql`
      SELECT id, slug, name, icon, kind FROM estate_types WHERE ${offered(keep)} ORDER BY sort_order, id`);
  // The guests' list (no `keep`) is asked on every search page: kept until the next write.
  const [{ rows }, index] = await Promise.all([keep.length ? read() : keptWhileUnwritten(db, "types", read), searchIndexFor(db)]);
  const counts = index.listedByType();
  return localizeName<EstateType>(
    rows.map((type) => ({ ...type, estatesCount: counts.get(type.id) ?? 0 })),
    view,
  );
}

export async function listSubtypes(db: Db, typeId: number, view: Presentation, keep: readonly number[] = []): Promise<EstateSubtype[]> {
  const read = () =>
    Promise.all([
      db.execute(sql`SELECT 1 FROM estate_types WHERE id = ${typeId}`),
      db.execute<Named<EstateSubtype>>(sql`
        SELECT id, type_id AS "typeId", slug, name FROM estate_subtypes WHERE type_id = ${typeId} AND ${offered(keep)} ORDER BY sort_order, id`),
    ]);
  const [type, subtypes] = await (keep.length ? read() : keptWhileUnwritten(db, `subtypes:${typeId}`, read));
  if (type.rows.length === 0) throw notFound("estateTypeNotFound");
  return localizeName<EstateSubtype>(subtypes.rows, view);
}

export async function listParameters(db: Db, view: Presentation, keep: readonly number[] = []): Promise<Parameter[]> {
  const read = () =>
    db.execute<Named<Parameter>>(sql`
      SELECT id, slug, name, icon, "group" FROM parameters WHERE ${offered(keep)} ORDER BY sort_order, id`);
  const { rows } = await (keep.length ? read() : keptWhileUnwritten(db, "parameters", read));
  return localizeName<Parameter>(rows, view);
}

export async function listNutrition(db: Db, view: Presentation, keep: readonly number[] = []): Promise<Nutrition[]> {
  const read = () => db.execute<Named<Nutrition>>(sql`SELECT id, slug, name FROM nutrition_types WHERE ${offered(keep)} ORDER BY sort_order, id`);
  const { rows } = await (keep.length ? read() : keptWhileUnwritten(db, "nutrition", read));
  return localizeName<Nutrition>(rows, view);
}

export async function listCountryCodes(db: Db, view: Presentation): Promise<CountryCode[]> {
  const { rows } = await db.execute<Named<CountryCode>>(sql`
    SELECT id, iso, name, phone_code AS "phoneCode", mask, flag FROM countries
    ORDER BY iso = ${HOME_COUNTRY_ISO} DESC, sort_order, id`);
  return localizeName<CountryCode>(rows, view);
}

export async function listMobileApps(db: Db): Promise<MobileApp[]> {
  const { rows } = await db.execute<MobileApp>(sql`SELECT id, platform, name, url FROM mobile_apps ORDER BY sort_order, id`);
  return rows;
}

export async function listContacts(db: Db, view: Presentation): Promise<ContactsResponse> {
  const [contacts, socials] = await Promise.all([
    db.execute<Omit<Contact, "label"> & { label: Localized }>(sql`SELECT id, kind, value, label FROM contacts ORDER BY sort_order, id`),
    db.execute<Social>(sql`SELECT id, kind, url FROM socials ORDER BY sort_order, id`),
  ]);
  return {
    contacts: contacts.rows.map((c) => ({ ...c, label: localize(c.label, view.locale) })),
    socials: socials.rows,
  };
}
