-- Rows an earlier reseed left pointing at nothing (hand-added, kept by `npm run db:generate`):
-- a signed-in booking of a user row that is gone keeps the booking as a guest one, and the legs
-- of carts that never became a booking (abandoned carts) are dropped. A booked leg pointing at
-- nothing is not repaired: the foreign key below then fails and names it.
UPDATE "bookings" SET "user_id" = NULL WHERE "user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = "bookings"."user_id");
--> statement-breakpoint
DELETE FROM "cart_legs" l USING "cart_items" i WHERE i."id" = l."cart_item_id"
  AND NOT EXISTS (SELECT 1 FROM "bookings" b WHERE b."cart_id" = i."cart_id")
  AND (NOT EXISTS (SELECT 1 FROM "schedules" s WHERE s."id" = l."schedule_id")
    OR NOT EXISTS (SELECT 1 FROM "travel_options" o WHERE o."id" = l."travel_option_id")
    OR NOT EXISTS (SELECT 1 FROM "stations" s WHERE s."id" = l."from_station_id")
    OR NOT EXISTS (SELECT 1 FROM "stations" s WHERE s."id" = l."to_station_id")
    OR NOT EXISTS (SELECT 1 FROM "operators" o WHERE o."id" = l."operator_id"));
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "seat_holds" DROP CONSTRAINT "seat_holds_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "seat_holds" DROP CONSTRAINT "seat_holds_departure_inventory_id_departure_inventory_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_legs" ADD CONSTRAINT "cart_legs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_legs" ADD CONSTRAINT "cart_legs_travel_option_id_travel_options_id_fk" FOREIGN KEY ("travel_option_id") REFERENCES "public"."travel_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_legs" ADD CONSTRAINT "cart_legs_from_station_id_stations_id_fk" FOREIGN KEY ("from_station_id") REFERENCES "public"."stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_legs" ADD CONSTRAINT "cart_legs_to_station_id_stations_id_fk" FOREIGN KEY ("to_station_id") REFERENCES "public"."stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_legs" ADD CONSTRAINT "cart_legs_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_departure_inventory_id_departure_inventory_id_fk" FOREIGN KEY ("departure_inventory_id") REFERENCES "public"."departure_inventory"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cart_legs_schedule_idx" ON "cart_legs" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "cart_legs_travel_option_idx" ON "cart_legs" USING btree ("travel_option_id");