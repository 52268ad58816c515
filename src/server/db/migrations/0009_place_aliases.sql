ALTER TABLE "places" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;