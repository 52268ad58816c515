ALTER TABLE "cart_product_lines" RENAME COLUMN "unit_price_minor" TO "price_minor";--> statement-breakpoint
-- A line stored a price per passenger until now; its total is that price for each of the cart's people.
UPDATE "cart_product_lines" SET "price_minor" = "cart_product_lines"."price_minor" * "carts"."people" FROM "carts" WHERE "carts"."id" = "cart_product_lines"."cart_id";--> statement-breakpoint
ALTER TABLE "cart_product_lines" DROP CONSTRAINT "cart_product_lines_price";--> statement-breakpoint
ALTER TABLE "cart_product_lines" ADD CONSTRAINT "cart_product_lines_price" CHECK ("cart_product_lines"."price_minor" >= 0);
