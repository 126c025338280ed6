CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text DEFAULT 'bank_transfer' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"until" date NOT NULL,
	"details" jsonb,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"kind" text DEFAULT 'stay' NOT NULL,
	"paid" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"commission_percent" integer NOT NULL,
	"commission" integer NOT NULL,
	"host_share" integer NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_of" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "result_answer" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batches_host_idx" ON "payout_batches" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_booking_kind_key" ON "payout_lines" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "payout_lines_host_idx" ON "payout_lines" USING btree ("host_id","payable_at");--> statement-breakpoint
CREATE INDEX "transactions_retry_idx" ON "transactions" USING btree ("next_attempt_at") WHERE "transactions"."next_attempt_at" IS NOT NULL;