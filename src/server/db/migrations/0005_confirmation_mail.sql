ALTER TABLE "bookings" ADD COLUMN "confirmation_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmation_mail_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Bookings paid before this column existed had their mail sent on payment: none is owed.
UPDATE "bookings" SET "confirmation_mailed_at" = "updated_at" WHERE "status" IN ('paid', 'pending_confirmation', 'confirmed', 'refunded', 'cancelled');
