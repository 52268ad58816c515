ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_mailed_at" timestamp with time zone;