ALTER TYPE "public"."notification_type" ADD VALUE 'calendar_conflict';--> statement-breakpoint
CREATE TABLE "calendar_exports" (
	"estate_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_detail" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_blocked_dates" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_exports" ADD CONSTRAINT "calendar_exports_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_exports_token_key" ON "calendar_exports" USING btree ("token");--> statement-breakpoint
CREATE INDEX "calendar_imports_estate_idx" ON "calendar_imports" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "calendar_imports_next_idx" ON "calendar_imports" USING btree ("next_sync_at");--> statement-breakpoint
ALTER TABLE "estate_blocked_dates" ADD CONSTRAINT "estate_blocked_dates_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_blocked_dates_import_idx" ON "estate_blocked_dates" USING btree ("import_id");