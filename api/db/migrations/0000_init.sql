-- Extensions first: the trigram index below and the booking exclusion constraint need them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('pending_confirmation', 'pending_payment', 'paid_waiting_checkin', 'paid_occupied', 'cancelled_by_guest', 'cancelled_by_host', 'annulled_without_confirmation', 'annulled_without_payment', 'completed_no_review', 'completed_with_review', 'declined');--> statement-breakpoint
CREATE TYPE "public"."cancellation_policy" AS ENUM('flexible', 'moderate', 'strict');--> statement-breakpoint
CREATE TYPE "public"."estate_kind" AS ENUM('simple', 'complex', 'complex.simple');--> statement-breakpoint
CREATE TYPE "public"."estate_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('ru', 'en', 'ky');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('booking_requested', 'booking_paid', 'booking_declined', 'booking_cancelled_by_host', 'booking_cancelled_by_guest', 'booking_confirmed', 'booking_completed', 'booking_annulled', 'booking_annulled_soon', 'booking_annulled_without_payment', 'booking_annulled_without_payment_soon', 'booking_annulled_without_confirm', 'booking_annulled_without_confirm_soon', 'booking', 'estate');--> statement-breakpoint
CREATE TYPE "public"."user_mode" AS ENUM('guest', 'host');--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"cover_key" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"from_status" "booking_status",
	"to_status" "booking_status" NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"guest_id" integer,
	"host_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"adult_count" smallint NOT NULL,
	"children_count" smallint DEFAULT 0 NOT NULL,
	"status" "booking_status" NOT NULL,
	"active" boolean GENERATED ALWAYS AS (status in ('pending_confirmation','pending_payment','paid_waiting_checkin','paid_occupied')) STORED NOT NULL,
	"nights" smallint NOT NULL,
	"total_price" integer NOT NULL,
	"price_lines" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"cancel_reason_id" integer,
	"cancel_comment" text,
	"refund_amount" integer,
	"deadline_at" timestamp with time zone,
	"deadline_action" text,
	"warn_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancel_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"side" text NOT NULL,
	"type" text DEFAULT 'cancel' NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"sender_id" integer,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"guest_id" integer,
	"host_id" integer NOT NULL,
	"booking_id" integer,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"label" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso" text NOT NULL,
	"name" jsonb NOT NULL,
	"phone_code" text NOT NULL,
	"mask" text NOT NULL,
	"flag" text NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	CONSTRAINT "countries_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "estate_blocked_dates" (
	"estate_id" integer NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "estate_blocked_dates_estate_id_date_pk" PRIMARY KEY("estate_id","date")
);
--> statement-breakpoint
CREATE TABLE "estate_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"key" text NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"variants" integer[] NOT NULL,
	"alt" jsonb DEFAULT '{"ru":"","en":"","ky":""}'::jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_prices" (
	"estate_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "estate_prices_estate_id_date_pk" PRIMARY KEY("estate_id","date")
);
--> statement-breakpoint
CREATE TABLE "estate_subtypes" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "estate_subtypes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "estate_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text NOT NULL,
	"kind" "estate_kind" DEFAULT 'simple' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "estate_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "estates" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"host_id" integer NOT NULL,
	"parent_id" integer,
	"type_id" integer NOT NULL,
	"subtype_id" integer,
	"status" "estate_status" DEFAULT 'draft' NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"city" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"capacity" smallint NOT NULL,
	"bed_count" smallint NOT NULL,
	"bedroom_count" smallint DEFAULT 1 NOT NULL,
	"area" smallint,
	"star" smallint,
	"rating" real,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"is_instant_confirmation" boolean DEFAULT false NOT NULL,
	"parameter_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"nutrition_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_nights" smallint DEFAULT 1 NOT NULL,
	"max_nights" smallint DEFAULT 30 NOT NULL,
	"check_in_time" text DEFAULT '14:00' NOT NULL,
	"check_out_time" text DEFAULT '12:00' NOT NULL,
	"cancellation_policy" "cancellation_policy" DEFAULT 'moderate' NOT NULL,
	"house_rules" jsonb DEFAULT '{"ru":"","en":"","ky":""}'::jsonb NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"wizard_step" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(title->>'ru','') || ' ' || coalesce(title->>'en','') || ' ' || coalesce(title->>'ky','') || ' ' || coalesce(city->>'ru','') || ' ' || coalesce(city->>'en','') || ' ' || coalesce(city->>'ky','') || ' ' || coalesce(address->>'ru','') || ' ' || coalesce(address->>'en','') || ' ' || coalesce(address->>'ky',''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_estate_id_pk" PRIMARY KEY("user_id","estate_id")
);
--> statement-breakpoint
CREATE TABLE "mobile_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"booking_id" integer,
	"estate_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nutrition_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "nutrition_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text NOT NULL,
	"group" text DEFAULT 'general' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "parameters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"booking_id" integer,
	"author_id" integer,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"locale" "locale" DEFAULT 'ru' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socials" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text,
	"password_hash" text,
	"mode" "user_mode" DEFAULT 'guest' NOT NULL,
	"locale" "locale" DEFAULT 'ru' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"avatar_url" text,
	"birth_date" date,
	"referral_code" text NOT NULL,
	"referred_by_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("cancel_reason_id") REFERENCES "public"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_blocked_dates" ADD CONSTRAINT "estate_blocked_dates_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_photos" ADD CONSTRAINT "estate_photos_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_prices" ADD CONSTRAINT "estate_prices_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_subtypes" ADD CONSTRAINT "estate_subtypes_type_id_estate_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."estate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_type_id_estate_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."estate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_subtype_id_estate_subtypes_id_fk" FOREIGN KEY ("subtype_id") REFERENCES "public"."estate_subtypes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_type_slug_key" ON "articles" USING btree ("type","slug");--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_host_idx" ON "bookings" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_estate_dates_idx" ON "bookings" USING btree ("estate_id","check_in","check_out");--> statement-breakpoint
CREATE INDEX "bookings_deadline_idx" ON "bookings" USING btree ("deadline_at");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "chats_guest_idx" ON "chats" USING btree ("guest_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chats_host_idx" ON "chats" USING btree ("host_id","last_message_at");--> statement-breakpoint
CREATE INDEX "estate_blocked_dates_date_idx" ON "estate_blocked_dates" USING btree ("date");--> statement-breakpoint
CREATE INDEX "estate_photos_estate_idx" ON "estate_photos" USING btree ("estate_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "estates_slug_key" ON "estates" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "estates_host_idx" ON "estates" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "estates_parent_idx" ON "estates" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "estates_type_idx" ON "estates" USING btree ("type_id","subtype_id");--> statement-breakpoint
CREATE INDEX "estates_score_idx" ON "estates" USING btree ("score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "estates_price_idx" ON "estates" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "estates_created_idx" ON "estates" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "estates_rating_idx" ON "estates" USING btree ("rating" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "estates_lat_lng_idx" ON "estates" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "estates_parameters_gin" ON "estates" USING gin ("parameter_ids");--> statement-breakpoint
CREATE INDEX "estates_nutrition_gin" ON "estates" USING gin ("nutrition_ids");--> statement-breakpoint
CREATE INDEX "estates_search_trgm" ON "estates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "reviews_estate_idx" ON "reviews" USING btree ("estate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_ref_key" ON "transactions" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_id");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("target","purpose","created_at");