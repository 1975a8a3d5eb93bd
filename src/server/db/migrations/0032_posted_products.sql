CREATE TABLE "saved_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"dispatch_by" date NOT NULL,
	"deliver_from" date NOT NULL,
	"deliver_by" date NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"dispatched_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"late_notice_sent_at" timestamp with time zone,
	"refund_card_minor" integer,
	"refund_wallet_minor" integer,
	"refund_provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_lines" ADD COLUMN "shipping_method" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_products" ADD COLUMN "next_day_postage_minor" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "dispatch_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "from_postage_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_addresses_user_idx" ON "saved_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_one_default" ON "saved_addresses" USING btree ("user_id") WHERE "saved_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_line_key" ON "shipments" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_merchant_status_idx" ON "shipments" USING btree ("merchant_id","status","dispatch_by");--> statement-breakpoint
-- DMCC Act 2024 (docs/decisions/051 "Shown prices"): a posted deal's from option is the on-sale
-- option (visible, enabled, not VIP-only) one unit of which costs least with standard delivery.
UPDATE "deals" SET "from_price_minor" = f."price_minor", "from_original_price_minor" = f."original_price_minor", "from_postage_minor" = f."postage_price_minor"
FROM (
	SELECT DISTINCT ON (p."deal_id") p."deal_id", p."price_minor", p."original_price_minor", p."postage_price_minor"
	FROM "deal_products" p JOIN "deals" d ON d."id" = p."deal_id"
	WHERE d."delivery_type" = 'postal' AND p."visibility" = 'visible' AND NOT p."disabled" AND NOT p."vip_exclusive"
	ORDER BY p."deal_id", p."price_minor" + p."postage_price_minor", p."price_minor", p."id"
) f
WHERE "deals"."id" = f."deal_id";
