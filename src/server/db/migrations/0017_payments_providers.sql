CREATE TABLE "card_bin_ranges" (
	"prefix" text PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"issuer_country" text NOT NULL,
	"card_type" text NOT NULL,
	"paygate" text NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"paygate" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_ref" text,
	"state" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_minor" > 0),
	CONSTRAINT "payment_refunds_state" CHECK ("payment_refunds"."state" in ('requested', 'pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "provider_sandbox_records" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_sandbox_records_provider_kind_id_pk" PRIMARY KEY("provider","kind","id")
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");