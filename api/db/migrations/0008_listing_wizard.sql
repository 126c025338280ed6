ALTER TABLE "estates" ADD COLUMN "wizard_done" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "wizard_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "weekend_price" integer;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "available_from" date;