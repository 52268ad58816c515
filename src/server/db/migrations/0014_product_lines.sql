CREATE TABLE "cart_product_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"line" jsonb NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_product_lines_position" UNIQUE("cart_id","position"),
	CONSTRAINT "cart_product_lines_price" CHECK ("cart_product_lines"."unit_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"product_stock_id" bigint NOT NULL,
	"quantity" smallint NOT NULL,
	"status" "hold_status" DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_holds_quantity" CHECK ("product_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"stock_key" text NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_key" UNIQUE("kind","stock_key"),
	CONSTRAINT "product_stock_capacity" CHECK ("product_stock"."held" >= 0 and "product_stock"."sold" >= 0 and "product_stock"."held" + "product_stock"."sold" <= "product_stock"."capacity")
);
--> statement-breakpoint
ALTER TABLE "cart_product_lines" ADD CONSTRAINT "cart_product_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_holds" ADD CONSTRAINT "product_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_holds" ADD CONSTRAINT "product_holds_product_stock_id_product_stock_id_fk" FOREIGN KEY ("product_stock_id") REFERENCES "public"."product_stock"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_holds_booking_idx" ON "product_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "product_holds_expiry_idx" ON "product_holds" USING btree ("status","expires_at");