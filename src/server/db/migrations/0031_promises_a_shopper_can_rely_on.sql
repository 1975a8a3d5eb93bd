CREATE TABLE "credit_takebacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"grant_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"taken_minor" integer NOT NULL,
	"shortfall_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_closure_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"closure_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"card_minor" integer DEFAULT 0 NOT NULL,
	"wallet_minor" integer DEFAULT 0 NOT NULL,
	"promo_minor" integer DEFAULT 0 NOT NULL,
	"booking_cancelled" boolean DEFAULT false NOT NULL,
	"gift_cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"closed_on" date NOT NULL,
	"reason" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deals_closed" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"voucher_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"refunded_to" text NOT NULL,
	"provider" text,
	"transaction_id" text,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"renewal_at" timestamp with time zone NOT NULL,
	"amount_minor" integer NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reviews_deal_idx";--> statement-breakpoint
DROP INDEX "gifts_voucher_waiting_key";--> statement-breakpoint
-- Reviews now come only from customers with a redeemed voucher (decision 046): the made-up rows
-- an older seed wrote cannot be traced to a purchase, so they go, and the deals' ratings with them.
DELETE FROM "reviews";--> statement-breakpoint
UPDATE "deals" SET "review_count" = 0, "review_average" = NULL;--> statement-breakpoint
-- "N bought" counts vouchers actually sold (decisions 046 and 048), not an older seed's number.
UPDATE "deals" SET "bought_count" = (SELECT count(*) FROM "vouchers" WHERE "vouchers"."deal_id" = "deals"."id");--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "voucher_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "order_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "user_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "redeemed_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD COLUMN "shortfall_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_takebacks" ADD CONSTRAINT "credit_takebacks_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_takebacks" ADD CONSTRAINT "credit_takebacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_takebacks" ADD CONSTRAINT "credit_takebacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_closure_refunds" ADD CONSTRAINT "merchant_closure_refunds_closure_id_merchant_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."merchant_closures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_closure_refunds" ADD CONSTRAINT "merchant_closure_refunds_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_closure_refunds" ADD CONSTRAINT "merchant_closure_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_closures" ADD CONSTRAINT "merchant_closures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_refunds" ADD CONSTRAINT "subscription_refunds_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_refunds" ADD CONSTRAINT "subscription_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_takebacks_voucher_idx" ON "credit_takebacks" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "credit_takebacks_order_idx" ON "credit_takebacks" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_closure_refunds_voucher_key" ON "merchant_closure_refunds" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "merchant_closure_refunds_closure_idx" ON "merchant_closure_refunds" USING btree ("closure_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_closures_merchant_key" ON "merchant_closures" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_refunds_period_key" ON "subscription_refunds" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_reminders_period_key" ON "subscription_reminders" USING btree ("subscription_id","renewal_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_reminders_token_key" ON "subscription_reminders" USING btree ("cancel_token_hash");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_voucher_key" ON "reviews" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "reviews_pending_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reviews_deal_idx" ON "reviews" USING btree ("deal_id","created_at") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_voucher_waiting_key" ON "gifts" USING btree ("voucher_id") WHERE "gifts"."voucher_id" is not null and "gifts"."claimed_at" is null and "gifts"."cancelled_at" is null;