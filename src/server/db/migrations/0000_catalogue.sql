CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"navigation_type" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_travel" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"url" text NOT NULL,
	"extension" text DEFAULT 'svg' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"quantity_remaining" integer,
	"daily_limit" integer,
	"remaining_for_day" integer,
	"stock_day" date,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"title" text NOT NULL,
	"friendly_name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer NOT NULL,
	"postage_price_minor" integer DEFAULT 0 NOT NULL,
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"display_discount" boolean DEFAULT true NOT NULL,
	"purchase_cap" integer,
	"min_people" integer DEFAULT 1 NOT NULL,
	"number_of_nights" integer,
	"check_in_date" date,
	"check_out_date" date,
	"flights" boolean DEFAULT false NOT NULL,
	"has_deposit" boolean DEFAULT false NOT NULL,
	"deposit_price_minor" integer,
	"visibility" text DEFAULT 'visible' NOT NULL,
	"vip_exclusive" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"delivery_options" jsonb DEFAULT '["none"]'::jsonb NOT NULL,
	"is_giftable" boolean DEFAULT true NOT NULL,
	"gift_pack_available" boolean DEFAULT false NOT NULL,
	"gift_wrap_available" boolean DEFAULT false NOT NULL,
	"addon_type" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY NOT NULL,
	"headline" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fine_print" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"merchant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_id" integer,
	"location_id" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"deal_type" text DEFAULT 'standard' NOT NULL,
	"price_display_mode" text DEFAULT 'show-discount' NOT NULL,
	"product_display_type" text DEFAULT 'grid' NOT NULL,
	"price_per_person" boolean DEFAULT false NOT NULL,
	"booking_calendar_on_redemption" boolean DEFAULT false NOT NULL,
	"gift_claim" boolean DEFAULT false NOT NULL,
	"delivery_type" text DEFAULT 'e-voucher' NOT NULL,
	"high_fraud_risk" boolean DEFAULT false NOT NULL,
	"purchase_cap" integer,
	"closing_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"is_travel" boolean DEFAULT false NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"bought_count" integer DEFAULT 0 NOT NULL,
	"review_average" real,
	"review_count" integer DEFAULT 0 NOT NULL,
	"from_price_minor" integer NOT NULL,
	"from_original_price_minor" integer NOT NULL,
	"max_discount_percentage" integer DEFAULT 0 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT 'tuppence' NOT NULL,
	"country_code" text DEFAULT 'gb' NOT NULL,
	"region" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"site_group" text DEFAULT 'local' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT 'tuppence.co.uk' NOT NULL,
	"kind" text DEFAULT 'local' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_images" ADD CONSTRAINT "deal_images_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_product_stock" ADD CONSTRAINT "deal_product_stock_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_products" ADD CONSTRAINT "deal_products_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_sub_category_id_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_short_name_key" ON "categories" USING btree (coalesce("parent_id", 0),"short_name");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "deal_images_deal_idx" ON "deal_images" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deal_products_deal_idx" ON "deal_products" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "deals_location_popularity_idx" ON "deals" USING btree ("location_id","popularity");--> statement-breakpoint
CREATE INDEX "deals_category_idx" ON "deals" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "deals_sub_category_idx" ON "deals" USING btree ("sub_category_id");--> statement-breakpoint
CREATE INDEX "deals_created_idx" ON "deals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_short_name_key" ON "locations" USING btree ("short_name");