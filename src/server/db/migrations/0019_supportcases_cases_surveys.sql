CREATE TABLE "support_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"stored_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachments_token_unique" UNIQUE("token"),
	CONSTRAINT "support_attachments_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "support_attachments_size" CHECK ("support_attachments"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "support_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"topic" text NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"user_id" integer,
	"booking_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_cases_number_unique" UNIQUE("number"),
	CONSTRAINT "support_cases_status" CHECK ("support_cases"."status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_user_id" integer,
	"channel" text DEFAULT 'case' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author" in ('traveller', 'staff')),
	CONSTRAINT "support_messages_channel" CHECK ("support_messages"."channel" in ('case', 'chat'))
);
--> statement-breakpoint
CREATE TABLE "support_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"case_id" integer,
	"booking_id" integer,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"score" smallint,
	"comment" text,
	CONSTRAINT "support_surveys_booking_kind" UNIQUE("booking_id","kind"),
	CONSTRAINT "support_surveys_kind" CHECK ("support_surveys"."kind" in ('rate', 'ces', 'nps')),
	CONSTRAINT "support_surveys_score" CHECK ("support_surveys"."score" is null or ("support_surveys"."kind" = 'rate' and "support_surveys"."score" between 1 and 5) or ("support_surveys"."kind" = 'ces' and "support_surveys"."score" between 1 and 7) or ("support_surveys"."kind" = 'nps' and "support_surveys"."score" between 0 and 10))
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_surveys" ADD CONSTRAINT "support_surveys_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_surveys" ADD CONSTRAINT "support_surveys_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_case_idx" ON "support_attachments" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "support_cases_status_idx" ON "support_cases" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "support_cases_user_idx" ON "support_cases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_messages_case_idx" ON "support_messages" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "support_surveys_case_idx" ON "support_surveys" USING btree ("case_id");