ALTER TYPE "public"."notification_type" ADD VALUE 'review_invitation';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'review_published';--> statement-breakpoint
CREATE TABLE "guest_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"locale" "locale" DEFAULT 'ru' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "in_rating" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_reviews_booking_key" ON "guest_reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "guest_reviews_guest_idx" ON "guest_reviews" USING btree ("guest_id","published_at");--> statement-breakpoint
CREATE INDEX "reviews_unrated_idx" ON "reviews" USING btree ("published_at") WHERE NOT "reviews"."in_rating";--> statement-breakpoint
-- Reviews written before both sides reviewed were public from the start.
UPDATE "reviews" SET "published_at" = "created_at";
