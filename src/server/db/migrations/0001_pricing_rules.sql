CREATE TYPE "public"."pricing_rule_kind" AS ENUM('early_booking', 'round_trip');--> statement-breakpoint
CREATE TABLE "pricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "pricing_rule_kind" NOT NULL,
	"operator_id" integer,
	"vehicle_class" "vehicle_class_id",
	"min_days_ahead" smallint DEFAULT 0 NOT NULL,
	"discount_pct" smallint NOT NULL,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "pricing_rules_pct" CHECK ("pricing_rules"."discount_pct" between 1 and 90)
);
--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;