import { getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { CancelReason } from "../../../contract/booking";
import { FieldErrors } from "~/components/forms/fields";

// The forms are untyped (their schema lives on the server), as conform gives them here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any>;

/**
 * The reason select and the comment of a cancel or decline form, with their errors next to them.
 * Guest and host pages word the labels their own way.
 */
export function ReasonFields({ reasonId, comment, reasons, labels }: { reasonId: Field; comment: Field; reasons: CancelReason[]; labels: { reason: string; placeholder: string; comment: string } }) {
  return (
    <>
      <div>
        <label htmlFor={reasonId.id} className="field-label">
          {labels.reason}
        </label>
        <select {...getSelectProps(reasonId)} key={reasonId.key} required className="field-input">
          <option value="">{labels.placeholder}</option>
          {reasons.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <FieldErrors id={reasonId.errorId} errors={reasonId.errors} />
      </div>
      <div>
        <label htmlFor={comment.id} className="field-label">
          {labels.comment}
        </label>
        <textarea {...getTextareaProps(comment)} key={comment.key} rows={2} maxLength={1000} className="field-input" />
        <FieldErrors id={comment.errorId} errors={comment.errors} />
      </div>
    </>
  );
}
