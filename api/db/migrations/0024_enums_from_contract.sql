-- The outbox statuses, the transactions' kinds and statuses and a listing's review state become
-- enums built from contract/'s lists (issue 28), as the booking statuses are. A text column's
-- default cannot be cast to the enum, and indexes and triggers that name the column must go while
-- its type changes: each is dropped first and made again after.
CREATE TYPE "public"."listing_review_state" AS ENUM('pending', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."transaction_kind" AS ENUM('payment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('pending', 'Success', 'Cancelled');--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
DROP INDEX "sms_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DATA TYPE "public"."outbox_status" USING "status"::"public"."outbox_status";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "status" SET DEFAULT 'queued'::"public"."outbox_status";--> statement-breakpoint
ALTER TABLE "sms_outbox" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sms_outbox" ALTER COLUMN "status" SET DATA TYPE "public"."outbox_status" USING "status"::"public"."outbox_status";--> statement-breakpoint
ALTER TABLE "sms_outbox" ALTER COLUMN "status" SET DEFAULT 'queued'::"public"."outbox_status";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "kind" SET DATA TYPE "public"."transaction_kind" USING "kind"::"public"."transaction_kind";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "status" SET DATA TYPE "public"."transaction_status" USING "status"::"public"."transaction_status";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."transaction_status";--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('queued','sending');--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" in ('queued','sending');--> statement-breakpoint
-- The status history's trigger names review_state (migration 0022): made again as it was, its
-- function writing the state into the history's text column explicitly as text.
DROP TRIGGER "estate_status_events_from_estates" ON "estates";--> statement-breakpoint
ALTER TABLE "estates" ALTER COLUMN "review_state" SET DATA TYPE "public"."listing_review_state" USING "review_state"::"public"."listing_review_state";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "estate_status_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "estate_status_events" ("estate_id", "from_status", "to_status", "review_state", "actor")
	VALUES (NEW."id", OLD."status"::text, NEW."status"::text, NEW."review_state"::text, coalesce(nullif(current_setting('konok.actor', true), ''), 'host'));
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "estate_status_events_from_estates" AFTER UPDATE OF "status", "review_state" ON "estates" FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."review_state" IS DISTINCT FROM NEW."review_state")
	EXECUTE FUNCTION "estate_status_event"();
