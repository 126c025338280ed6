ALTER TABLE "estate_subtypes" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_subtypes" ADD COLUMN "edit_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_types" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_types" ADD COLUMN "edit_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "nutrition_types" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nutrition_types" ADD COLUMN "edit_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "edit_version" integer DEFAULT 1 NOT NULL;