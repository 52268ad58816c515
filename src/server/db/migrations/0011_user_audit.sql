CREATE TABLE "user_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"request_id" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_audit" ADD CONSTRAINT "user_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_audit_user_idx" ON "user_audit" USING btree ("user_id","id");