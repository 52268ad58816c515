ALTER TABLE "routes" ADD COLUMN "manual_pack" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "external_purchase_url" text;