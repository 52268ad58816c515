CREATE TABLE "mail_opt_outs" (
	"email" text NOT NULL,
	"mail_type" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL,
	"via" text NOT NULL,
	CONSTRAINT "mail_opt_outs_email_mail_type_pk" PRIMARY KEY("email","mail_type"),
	CONSTRAINT "mail_opt_outs_via" CHECK ("mail_opt_outs"."via" in ('link', 'one_click'))
);
--> statement-breakpoint
CREATE TABLE "passenger_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"passengers" jsonb NOT NULL,
	"user_id" integer,
	"request_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passenger_change_requests_status" CHECK ("passenger_change_requests"."status" in ('pending', 'done', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "trip_reminder_mails" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"outcome" text,
	CONSTRAINT "trip_reminder_mails_outcome" CHECK ("trip_reminder_mails"."outcome" is null or "trip_reminder_mails"."outcome" in ('sent', 'opted_out', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "passenger_change_requests" ADD CONSTRAINT "passenger_change_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_change_requests" ADD CONSTRAINT "passenger_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_reminder_mails" ADD CONSTRAINT "trip_reminder_mails_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passenger_change_requests_booking_idx" ON "passenger_change_requests" USING btree ("booking_id");