/** The terms and the privacy policy: the newest version already in effect, and the list of versions. */
import { sql } from "drizzle-orm";
import type { Localized } from "../../../contract/common";
import type { LegalDocumentResponse, LegalKind } from "../../../contract/content";
import type { Db } from "../../db/client";
import type { Presentation } from "../../lib/context";
import { notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";

type Row = { version: string; effective_from: string; title: Localized; body: Localized };

export async function currentLegalDocument(db: Db, kind: LegalKind, view: Presentation): Promise<LegalDocumentResponse> {
  const { rows } = await db.execute<Row>(sql`
    SELECT version, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, title, body FROM legal_documents
    WHERE kind = ${kind} AND effective_from <= (now() AT TIME ZONE 'Asia/Bishkek')::date
    ORDER BY effective_from DESC, id DESC`);
  const current = rows[0];
  if (!current) throw notFound("pageNotFound");
  return {
    document: { kind, version: current.version, effectiveFrom: current.effective_from, title: localize(current.title, view.locale), body: localize(current.body, view.locale) },
    versions: rows.map((r) => ({ version: r.version, effectiveFrom: r.effective_from })),
  };
}
