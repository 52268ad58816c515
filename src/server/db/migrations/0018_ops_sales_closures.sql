CREATE TABLE "departure_sales_closures" (
	"schedule_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"closed_by" integer,
	"reason" text,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_sales_closures_schedule_id_service_date_pk" PRIMARY KEY("schedule_id","service_date")
);
--> statement-breakpoint
CREATE TABLE "network_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_key" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"request_id" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departure_sales_closures" ADD CONSTRAINT "departure_sales_closures_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_sales_closures" ADD CONSTRAINT "departure_sales_closures_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_audit" ADD CONSTRAINT "network_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_sales_closures_date_idx" ON "departure_sales_closures" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "network_audit_entity_idx" ON "network_audit" USING btree ("entity","entity_key","id");