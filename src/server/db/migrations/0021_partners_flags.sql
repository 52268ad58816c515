CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"variants" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	CONSTRAINT "partner_hosts_lower" CHECK ("partner_hosts"."host" = lower("partner_hosts"."host"))
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	"logo" text,
	"title" text NOT NULL,
	"translation_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"affiliate_id" text NOT NULL,
	"hide_back_button" boolean DEFAULT false NOT NULL,
	"disable_logo_url" boolean DEFAULT false NOT NULL,
	"trackers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partners_affiliate_id_unique" UNIQUE("affiliate_id"),
	CONSTRAINT "partners_theme" CHECK ("partners"."theme" in ('default', 'blue', 'beige', 'cinnabar', 'cranberry', 'orange', 'red', 'brand', 'light-violet', 'green'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "affiliate_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_user_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "affiliate_id" text;--> statement-breakpoint
ALTER TABLE "partner_hosts" ADD CONSTRAINT "partner_hosts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_hosts_partner_idx" ON "partner_hosts" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_user_id_users_id_fk" FOREIGN KEY ("reseller_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_affiliate_idx" ON "bookings" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "bookings_reseller_idx" ON "bookings" USING btree ("reseller_user_id");