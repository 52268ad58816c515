CREATE TABLE "seat_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seat_hold_id" bigint NOT NULL,
	"departure_inventory_id" bigint NOT NULL,
	"seat_code" text NOT NULL,
	CONSTRAINT "seat_assignments_hold_seat" UNIQUE("seat_hold_id","seat_code")
);
--> statement-breakpoint
CREATE TABLE "vehicle_layouts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"decks" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_options" ADD COLUMN "vehicle_layout" text;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_seat_hold_id_seat_holds_id_fk" FOREIGN KEY ("seat_hold_id") REFERENCES "public"."seat_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_departure_inventory_id_departure_inventory_id_fk" FOREIGN KEY ("departure_inventory_id") REFERENCES "public"."departure_inventory"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_assignments_departure_idx" ON "seat_assignments" USING btree ("departure_inventory_id","seat_code");--> statement-breakpoint
ALTER TABLE "travel_options" ADD CONSTRAINT "travel_options_vehicle_layout_vehicle_layouts_code_fk" FOREIGN KEY ("vehicle_layout") REFERENCES "public"."vehicle_layouts"("code") ON DELETE restrict ON UPDATE no action;