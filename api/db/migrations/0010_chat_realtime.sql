ALTER TABLE "notifications" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_booking_key" ON "chats" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_inquiry_key" ON "chats" USING btree ("estate_id","guest_id") WHERE "chats"."booking_id" is null;--> statement-breakpoint
CREATE INDEX "notifications_unpushed_idx" ON "notifications" USING btree ("id") WHERE "notifications"."pushed_at" is null;--> statement-breakpoint
-- Notifications made before the realtime channel existed are not announced again.
UPDATE "notifications" SET "pushed_at" = "created_at";