CREATE TABLE "booking_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"transition" text NOT NULL,
	"from_status" "booking_status",
	"to_status" "booking_status" NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"request_id" text,
	"reason" text,
	"amount_minor" integer,
	"currency" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_audit" ADD CONSTRAINT "booking_audit_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_audit_booking_idx" ON "booking_audit" USING btree ("booking_id","id");