CREATE TABLE "bug_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest" text NOT NULL,
	"message" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"path" text,
	"reporter_id" integer,
	"mailed_to" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_replays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"path" text NOT NULL,
	"events" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bug_reports_digest_idx" ON "bug_reports" USING btree ("digest","recorded_at");--> statement-breakpoint
CREATE INDEX "session_replays_session_idx" ON "session_replays" USING btree ("session_id","seq");