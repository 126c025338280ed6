/**
 * A finished stay's reviews on its booking page, for either side (contract/reviews.ts): the
 * caller's own review or the form to write it, the other side's review once the API gives it
 * (double-blind: until then only that it exists), and on the host's side the one reply to the
 * guest's review. Plain forms posting to the page, so they work without JavaScript.
 */
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { BookingReviews, GuestRecord, WrittenReview } from "../../../contract/reviews";
import { REPLY_MAX } from "../../../contract/reviews";
import { addDays, todayInBishkek } from "../../../contract/dates";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { formatDate } from "~/lib/format";
import type { Locale } from "~/i18n/config";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { useServerForm } from "~/components/forms/use-server-form";
import { Card } from "~/components/profile/ui";
import { BusyButton } from "./submit";

/** 2026-12-15T18:00:00Z → "15 December" in Bishkek's calendar, the last day reviews are taken. */
function lastDay(closesAt: string, locale: Locale): string {
  const last = addDays(todayInBishkek(new Date(closesAt)), -1);
  return formatDate(last, locale, { day: "numeric", month: "long" });
}

function StarLine({ rating }: { rating: number }) {
  const { t } = useTranslation("booking");
  return (
    <p className="text-amber-500">
      <span aria-hidden="true">{"★".repeat(rating)}</span>
      <span aria-hidden="true" className="text-stone-300">
        {"★".repeat(5 - rating)}
      </span>
      <span className="sr-only">{t("detail.stars", { count: rating })}</span>
    </p>
  );
}

function Quote({ review, testId }: { review: WrittenReview; testId: string }) {
  const { locale } = useLocale();
  return (
    <div className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200" data-testid={testId} data-rating={review.rating}>
      <StarLine rating={review.rating} />
      <p className="mt-1 whitespace-pre-line break-words text-stone-800">{review.text}</p>
      <p className="mt-1 text-xs text-stone-500">
        <time dateTime={review.createdAt}>{formatDate(review.createdAt.slice(0, 10), locale, { day: "numeric", month: "long", year: "numeric" })}</time>
      </p>
    </div>
  );
}

export function StayReviews({
  role,
  reviews,
  reviewResult,
  replyResult,
}: {
  role: "guest" | "host";
  reviews: BookingReviews;
  reviewResult?: SubmissionResult<string[]>;
  replyResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
  const until = reviews.closesAt ? lastDay(reviews.closesAt, locale) : "";
  return (
    <>
      {reviews.canWrite ? <ReviewForm role={role} until={until} lastResult={reviewResult} /> : null}
      {reviews.mine || reviews.theirs || reviews.theirsWritten ? (
        <Card title={t("reviews.title")} testId="stay-reviews">
          <div className="space-y-4 text-sm">
            {reviews.mine ? (
              <div>
                <h3 className="font-semibold text-stone-900">{t("reviews.mine")}</h3>
                <div className="mt-2">
                  <Quote review={reviews.mine} testId="my-review" />
                </div>
                {!reviews.theirs ? (
                  <p className="mt-2 text-stone-600" data-testid="review-waiting">
                    {t(role === "guest" ? "reviews.hiddenFromHost" : "reviews.hiddenFromGuest", { date: until })}
                  </p>
                ) : null}
              </div>
            ) : null}
            {reviews.theirs ? (
              <div>
                <h3 className="font-semibold text-stone-900">{t(role === "guest" ? "reviews.theirsOnGuest" : "reviews.theirsOnHost")}</h3>
                <div className="mt-2">
                  <Quote review={reviews.theirs} testId="their-review" />
                </div>
                {reviews.theirs.reply ? (
                  <div className="ml-4 mt-2 border-l-2 border-brand-200 pl-3" data-testid="review-reply">
                    <p className="text-xs font-medium text-stone-500">{t("reviews.replyOf")}</p>
                    <p className="mt-1 whitespace-pre-line break-words text-stone-800">{reviews.theirs.reply.text}</p>
                  </div>
                ) : null}
              </div>
            ) : reviews.theirsWritten && !reviews.mine ? (
              <p className="text-stone-700" data-testid="their-review-hidden">
                {t(role === "guest" ? "reviews.waitingHost" : "reviews.waitingGuest", { date: until })}
              </p>
            ) : null}
            {reviews.canReply ? <ReplyForm lastResult={replyResult} /> : null}
          </div>
        </Card>
      ) : null}
    </>
  );
}

/** Stars and a text: the guest's review of the stay, or the host's of the guest. */
function ReviewForm({ role, until, lastResult }: { role: "guest" | "host"; until: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("booking");
  const [form, fields] = useServerForm({ id: "review-booking", lastResult });
  const chosen = String(fields.rating.initialValue ?? "");
  return (
    <Card title={t(role === "guest" ? "detail.reviewTitle" : "reviews.hostTitle")} description={t(role === "guest" ? "detail.reviewIntro" : "reviews.hostIntro")} testId="review-section">
      <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="review-form">
        <input type="hidden" name="intent" value="review" />
        <FormAlert errors={form.errors} id={form.errorId} />
        <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
          <legend className="field-label">{t(role === "guest" ? "detail.rating" : "reviews.hostRating")}</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full bg-white px-3.5 text-sm font-medium ring-1 ring-stone-300 has-[:checked]:bg-amber-50 has-[:checked]:ring-2 has-[:checked]:ring-amber-500 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input type="radio" name={fields.rating.name} value={n} defaultChecked={chosen === String(n)} className="sr-only" />
                <span aria-hidden="true" className="text-amber-500">
                  ★
                </span>
                {t("detail.stars", { count: n })}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.text.id} className="field-label">
            {t("detail.reviewText")}
          </label>
          <textarea {...getTextareaProps(fields.text)} key={fields.text.key} rows={4} maxLength={2000} className="field-input" />
          <p className="mt-1 text-xs text-stone-500">{t("detail.reviewHint")}</p>
          <FieldErrors id={fields.text.errorId} errors={fields.text.errors} />
        </div>
        <p className="text-xs text-stone-600">{t("reviews.blind", { date: until })}</p>
        <BusyButton testId="review-submit">{t("detail.reviewSubmit")}</BusyButton>
      </Form>
    </Card>
  );
}

function ReplyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("booking");
  const [form, fields] = useServerForm({ id: "reply-review", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 border-t border-stone-200 pt-4" data-testid="reply-form">
      <input type="hidden" name="intent" value="reply" />
      <FormAlert errors={form.errors} id={form.errorId} />
      <div>
        <label htmlFor={fields.text.id} className="field-label">
          {t("reviews.replyLabel")}
        </label>
        <textarea {...getTextareaProps(fields.text)} key={fields.text.key} rows={3} maxLength={REPLY_MAX} className="field-input" />
        <p className="mt-1 text-xs text-stone-500">{t("reviews.replyHint")}</p>
        <FieldErrors id={fields.text.errorId} errors={fields.text.errors} />
      </div>
      <BusyButton className="btn-secondary w-full sm:w-auto" testId="reply-submit">
        {t("reviews.replySubmit")}
      </BusyButton>
    </Form>
  );
}

/** On a host's booking: the guest's rating and latest reviews from earlier hosts, and their profile. */
export function GuestRecordCard({ guestId, record }: { guestId: number; record: GuestRecord }) {
  const { t } = useTranslation("booking");
  const { path } = useLocale();
  return (
    <Card title={t("reviews.recordTitle")} testId="guest-record">
      {record.count > 0 && record.rating !== null ? (
        <p className="text-sm font-medium text-stone-900" data-testid="guest-rating" data-rating={record.rating}>
          <span aria-hidden="true" className="text-amber-500">
            ★
          </span>{" "}
          {t("reviews.recordRating", { rating: record.rating.toFixed(1), count: record.count })}
        </p>
      ) : (
        <p className="text-sm text-stone-600">{t("reviews.recordNone")}</p>
      )}
      {record.reviews.length ? <GuestReviewList items={record.reviews} /> : null}
      <Link to={path(`/users/${guestId}`)} className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline" data-testid="guest-profile-link">
        {t("reviews.profileLink")}
      </Link>
    </Card>
  );
}

export function GuestReviewList({ items }: { items: GuestRecord["reviews"] }) {
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
  return (
    <ol className="mt-3 space-y-3">
      {items.map((review) => (
        <li key={review.id} className="rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200" data-testid="guest-review">
          <article>
            <h3 className="font-semibold text-stone-900">
              {t("reviews.byHost", { name: review.authorName })} ·{" "}
              <time dateTime={review.createdAt} className="font-normal text-stone-600">
                {formatDate(review.createdAt.slice(0, 10), locale, { month: "long", year: "numeric" })}
              </time>
            </h3>
            <StarLine rating={review.rating} />
            <p className="mt-1 whitespace-pre-line break-words text-stone-800">{review.text}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
