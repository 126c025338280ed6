CREATE TABLE "estate_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"review_state" text,
	"actor" text DEFAULT 'host' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_status_events" ADD CONSTRAINT "estate_status_events_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_status_events_estate_idx" ON "estate_status_events" USING btree ("estate_id","id");--> statement-breakpoint
-- Each change of a listing's status or review state, whoever made it: the operator's code sets
-- `konok.actor` for its transaction (set_config(..., true)); everything else is the host's.
CREATE FUNCTION "estate_status_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "estate_status_events" ("estate_id", "from_status", "to_status", "review_state", "actor")
	VALUES (NEW."id", OLD."status"::text, NEW."status"::text, NEW."review_state", coalesce(nullif(current_setting('konok.actor', true), ''), 'host'));
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "estate_status_events_from_estates" AFTER UPDATE OF "status", "review_state" ON "estates" FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."review_state" IS DISTINCT FROM NEW."review_state")
	EXECUTE FUNCTION "estate_status_event"();
