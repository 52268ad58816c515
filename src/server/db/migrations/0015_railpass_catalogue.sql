CREATE TABLE "railpass_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"railpass_id" integer NOT NULL,
	"class_key" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_name" text NOT NULL,
	"author_country" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"travel_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "railpass_reviews_rating" CHECK ("railpass_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "railpasses" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"main_pass_id" integer,
	"country_slug" text NOT NULL,
	"country_codes" text[] NOT NULL,
	"type" text NOT NULL,
	"names" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"operators" jsonb NOT NULL,
	"regions" jsonb NOT NULL,
	"currency" text NOT NULL,
	"class_options" jsonb NOT NULL,
	"passenger_kinds" jsonb NOT NULL,
	"validity" jsonb NOT NULL,
	"activation_window_days" smallint NOT NULL,
	"residence" jsonb,
	"refund" jsonb NOT NULL,
	"activation" text NOT NULL,
	"labels" text[] NOT NULL,
	"features" text[] NOT NULL,
	"photos" jsonb NOT NULL,
	"daily_allocation" integer NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "railpasses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "railpasses_type" CHECK ("railpasses"."type" in ('route', 'pass', 'trip')),
	CONSTRAINT "railpasses_activation" CHECK ("railpasses"."activation" in ('exchange', 'activate_online', 'first_use')),
	CONSTRAINT "railpasses_window" CHECK ("railpasses"."activation_window_days" between 1 and 366)
);
--> statement-breakpoint
ALTER TABLE "railpass_reviews" ADD CONSTRAINT "railpass_reviews_railpass_id_railpasses_id_fk" FOREIGN KEY ("railpass_id") REFERENCES "public"."railpasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "railpasses" ADD CONSTRAINT "railpasses_main_pass_id_railpasses_id_fk" FOREIGN KEY ("main_pass_id") REFERENCES "public"."railpasses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "railpass_reviews_pass_idx" ON "railpass_reviews" USING btree ("railpass_id");--> statement-breakpoint
CREATE INDEX "railpasses_country_idx" ON "railpasses" USING btree ("country_slug");