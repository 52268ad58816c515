CREATE TABLE "analytics_events" (
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"stage" text,
	"path" text NOT NULL,
	"host" text NOT NULL,
	"affiliate_id" text,
	"lang" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "analytics_events_recorded_at_id_pk" PRIMARY KEY("recorded_at","id")
);
--> statement-breakpoint
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
CREATE TABLE "client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" text,
	"message" text NOT NULL,
	"stack" text,
	"source" text,
	"path" text NOT NULL,
	"host" text NOT NULL,
	"user_agent" text,
	"count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_redirects" (
	"from_path" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"status" smallint DEFAULT 302 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "route_redirects" ADD CONSTRAINT "route_redirects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_stage_idx" ON "analytics_events" USING btree ("stage","recorded_at");--> statement-breakpoint
CREATE INDEX "bug_reports_digest_idx" ON "bug_reports" USING btree ("digest","recorded_at");--> statement-breakpoint
CREATE INDEX "client_errors_recorded_idx" ON "client_errors" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "session_replays_session_idx" ON "session_replays" USING btree ("session_id","seq");