CREATE TABLE "voucher_booking_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"requested_date" date NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"merchant_note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "deal_product_flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"airport_code" text NOT NULL,
	"airport_name" text NOT NULL,
	"supplement_minor" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_product_nights" (
	"product_id" integer NOT NULL,
	"night" date NOT NULL,
	"rooms_remaining" integer NOT NULL,
	"supplement_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_product_nights_product_id_night_pk" PRIMARY KEY("product_id","night")
);
--> statement-breakpoint
CREATE TABLE "evergreen_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"deal_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_lines" ADD COLUMN "departure_airport" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "booking_hours" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "number_of_nights" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "departure_airport" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "balance_due_minor" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "balance_due_date" date;--> statement-breakpoint
ALTER TABLE "voucher_booking_audit" ADD CONSTRAINT "voucher_booking_audit_booking_id_voucher_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."voucher_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_booking_audit" ADD CONSTRAINT "voucher_booking_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_bookings" ADD CONSTRAINT "voucher_bookings_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_bookings" ADD CONSTRAINT "voucher_bookings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_bookings" ADD CONSTRAINT "voucher_bookings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_product_flights" ADD CONSTRAINT "deal_product_flights_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_product_nights" ADD CONSTRAINT "deal_product_nights_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_deals" ADD CONSTRAINT "evergreen_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_booking_audit_booking_idx" ON "voucher_booking_audit" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "voucher_bookings_voucher_idx" ON "voucher_bookings" USING btree ("voucher_id","requested_at");--> statement-breakpoint
CREATE INDEX "voucher_bookings_merchant_idx" ON "voucher_bookings" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_product_flights_product_airport_key" ON "deal_product_flights" USING btree ("product_id","airport_code");--> statement-breakpoint
CREATE UNIQUE INDEX "evergreen_deals_slug_deal_key" ON "evergreen_deals" USING btree ("slug","deal_id");--> statement-breakpoint
CREATE INDEX "evergreen_deals_slug_idx" ON "evergreen_deals" USING btree ("slug","position");