CREATE TYPE "public"."confirmation_mode" AS ENUM('instant', 'manual');--> statement-breakpoint
CREATE TYPE "public"."place_kind" AS ENUM('city', 'area', 'island');--> statement-breakpoint
CREATE TYPE "public"."station_kind" AS ENUM('bus_terminal', 'pier', 'airport', 'railway_station', 'pickup_point');--> statement-breakpoint
CREATE TYPE "public"."vehicle_class_id" AS ENUM('bus', 'ferry', 'train', 'van', 'avia', 'charter');--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "countries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "departure_inventory" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"travel_option_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"departure_at" timestamp with time zone NOT NULL,
	"seats_total" smallint NOT NULL,
	"seats_held" smallint DEFAULT 0 NOT NULL,
	"seats_sold" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departure_inventory_key" UNIQUE("schedule_id","travel_option_id","service_date"),
	CONSTRAINT "departure_inventory_capacity" CHECK ("departure_inventory"."seats_held" >= 0 and "departure_inventory"."seats_sold" >= 0 and "departure_inventory"."seats_held" + "departure_inventory"."seats_sold" <= "departure_inventory"."seats_total")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_usd" double precision NOT NULL,
	"minor_units" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"vehicle_classes" "vehicle_class_id"[] NOT NULL,
	"rating" real,
	"review_count" integer DEFAULT 0 NOT NULL,
	"confirmation" "confirmation_mode" NOT NULL,
	"currency" text NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "operators_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" "place_kind" NOT NULL,
	"names" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"province_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"popularity" smallint DEFAULT 10 NOT NULL,
	CONSTRAINT "places_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"country_code" text NOT NULL,
	"names" jsonb NOT NULL,
	CONSTRAINT "provinces_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"route_id" integer NOT NULL,
	"stop_index" smallint NOT NULL,
	"station_id" integer NOT NULL,
	"arrival_offset_min" integer NOT NULL,
	"departure_offset_min" integer NOT NULL,
	CONSTRAINT "route_stops_route_id_stop_index_pk" PRIMARY KEY("route_id","stop_index"),
	CONSTRAINT "route_stops_offsets" CHECK ("route_stops"."departure_offset_min" >= "route_stops"."arrival_offset_min")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"vehicle_class" "vehicle_class_id" NOT NULL,
	"code" text NOT NULL,
	"distance_km" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"departure_minute" smallint NOT NULL,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"times_confirmed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "schedules_minute" CHECK ("schedules"."departure_minute" between 0 and 1439),
	CONSTRAINT "schedules_weekdays" CHECK ("schedules"."weekdays" between 1 and 127)
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" "station_kind" NOT NULL,
	"names" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"place_id" integer NOT NULL,
	"code" text,
	CONSTRAINT "stations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "travel_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"class_name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"seats_per_departure" smallint NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"full_refund_hours" smallint,
	"confirmation" "confirmation_mode" NOT NULL,
	"booking_cutoff_min" smallint NOT NULL,
	CONSTRAINT "travel_options_price" CHECK ("travel_options"."price_minor" > 0),
	CONSTRAINT "travel_options_seats" CHECK ("travel_options"."seats_per_departure" > 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_classes" (
	"id" "vehicle_class_id" PRIMARY KEY NOT NULL,
	"tab_index" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departure_inventory" ADD CONSTRAINT "departure_inventory_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_inventory" ADD CONSTRAINT "departure_inventory_travel_option_id_travel_options_id_fk" FOREIGN KEY ("travel_option_id") REFERENCES "public"."travel_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provinces" ADD CONSTRAINT "provinces_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_options" ADD CONSTRAINT "travel_options_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departure_inventory_date_idx" ON "departure_inventory" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "places_province_idx" ON "places" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "route_stops_station_idx" ON "route_stops" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "routes_operator_idx" ON "routes" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "schedules_route_idx" ON "schedules" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "stations_place_idx" ON "stations" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "travel_options_route_idx" ON "travel_options" USING btree ("route_id");