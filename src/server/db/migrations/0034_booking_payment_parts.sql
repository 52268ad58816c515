ALTER TABLE "bookings" ADD COLUMN "payment_part" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "part_legs" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "part_carries_extras" boolean DEFAULT false NOT NULL;