CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"effective_from" date NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"cover_key" text,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"estate_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "route_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"target" text NOT NULL,
	"status" smallint DEFAULT 301 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_rules_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "region" text;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_key" ON "legal_documents" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at");