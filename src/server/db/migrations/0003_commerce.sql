CREATE TABLE "basket_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"deal_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"check_in_date" date,
	"check_out_date" date,
	"number_of_nights" integer,
	"gift" boolean DEFAULT false NOT NULL,
	"gift_claim" boolean DEFAULT false NOT NULL,
	"pay_deposit" boolean DEFAULT false NOT NULL,
	"delivery_option_type" text DEFAULT 'none' NOT NULL,
	"purchase_location" text,
	"purchase_url" text,
	"purchase_gclid" text,
	"session_purchase_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_token" text,
	"brand" text DEFAULT 'tuppence' NOT NULL,
	"eligible_for_vip" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"deal_product_id" integer NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"postage_minor" integer DEFAULT 0 NOT NULL,
	"line_total_minor" integer NOT NULL,
	"delivery_option_type" text DEFAULT 'none' NOT NULL,
	"gift" boolean DEFAULT false NOT NULL,
	"check_in_date" date,
	"check_out_date" date
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"basket_id" text,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"total_minor" integer NOT NULL,
	"wallet_used_minor" integer DEFAULT 0 NOT NULL,
	"cash_amount_minor" integer NOT NULL,
	"payment_method" text NOT NULL,
	"card_type" text,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"transaction_id" text,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"card_type" text,
	"last_four" text,
	"expiry_month" text,
	"expiry_year" text,
	"response_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"card_type" text,
	"last_four" text,
	"expiry_month" text,
	"expiry_year" text,
	"behaviour" text DEFAULT 'ok' NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"nonce" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"response_code" text,
	"response_text" text,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_deal_purchases" (
	"user_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "user_deal_purchases_user_id_deal_id_pk" PRIMARY KEY("user_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"deal_product_id" integer NOT NULL,
	"code" text NOT NULL,
	"security_code" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"credit_id" integer,
	"expires_at" timestamp with time zone,
	"order_id" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "max_per_user" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "voucher_validity_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_deal_product_id_deal_products_id_fk" FOREIGN KEY ("deal_product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_deal_product_id_deal_products_id_fk" FOREIGN KEY ("deal_product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_deal_purchases" ADD CONSTRAINT "user_deal_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_deal_purchases" ADD CONSTRAINT "user_deal_purchases_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_deal_product_id_deal_products_id_fk" FOREIGN KEY ("deal_product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "basket_lines_product_key" ON "basket_lines" USING btree ("basket_id","deal_product_id");--> statement-breakpoint
CREATE INDEX "baskets_customer_idx" ON "baskets" USING btree ("customer_token","updated_at") WHERE "baskets"."status" = 'open';--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('authorising', 'authorised');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transactions_idempotency_key" ON "sandbox_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "vouchers_expiry_idx" ON "vouchers" USING btree ("expires_at") WHERE "vouchers"."status" in ('ready', 'booked');--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id","currency","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_credit_idx" ON "wallet_entries" USING btree ("credit_id");