CREATE TABLE "support_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"case_id" integer NOT NULL,
	"waiting_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_chats_case_id_unique" UNIQUE("case_id")
);
--> statement-breakpoint
ALTER TABLE "support_chats" ADD CONSTRAINT "support_chats_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_chats_owner_idx" ON "support_chats" USING btree ("owner","id");--> statement-breakpoint
CREATE INDEX "support_chats_waiting_idx" ON "support_chats" USING btree ("waiting_since");