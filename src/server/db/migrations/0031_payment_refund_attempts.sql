CREATE TABLE "payment_refund_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"staff_user_id" integer,
	"request_id" text,
	"outcome" text NOT NULL,
	"provider_refund_ref" text,
	"failure_code" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_attempts_outcome" CHECK ("payment_refund_attempts"."outcome" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "payment_refund_attempts" ADD CONSTRAINT "payment_refund_attempts_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund_attempts" ADD CONSTRAINT "payment_refund_attempts_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refund_attempts_refund_idx" ON "payment_refund_attempts" USING btree ("refund_id","id");