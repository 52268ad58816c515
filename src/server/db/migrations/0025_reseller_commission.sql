ALTER TABLE "balance_transactions" ADD COLUMN "kind" text DEFAULT 'adjustment' NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_transactions_booking_idx" ON "balance_transactions" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_event_id_unique" UNIQUE("event_id");