ALTER TABLE "bookings" ADD COLUMN "arrival_slot" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_percent" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "check_in_until" text DEFAULT '22:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "check_out_from" text DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "cooperation_format" text DEFAULT 'standard' NOT NULL;