CREATE TABLE "stock_holds" (
	"idempotency_key" text NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"stock_day" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_holds_idempotency_key_product_id_pk" PRIMARY KEY("idempotency_key","product_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"months" integer,
	"amount_minor" integer NOT NULL,
	"previous_expires_at" timestamp with time zone NOT NULL,
	"new_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"refunded_to" text NOT NULL,
	"refund_type" text DEFAULT 'ON_DEMAND_REFUND' NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"card_minor" integer DEFAULT 0 NOT NULL,
	"wallet_minor" integer DEFAULT 0 NOT NULL,
	"payment_id" integer,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voucher_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_events_order_handler_key";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "is_protected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "expiry_credit_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "extended_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_addons" ADD CONSTRAINT "voucher_addons_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_addons" ADD CONSTRAINT "voucher_addons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_returns" ADD CONSTRAINT "voucher_returns_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_status_changes" ADD CONSTRAINT "voucher_status_changes_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_status_changes" ADD CONSTRAINT "voucher_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_expiry_idx" ON "stock_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "voucher_addons_voucher_idx" ON "voucher_addons" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_addons_order_key" ON "voucher_addons" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_refunds_voucher_key" ON "voucher_refunds" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_refunds_order_idx" ON "voucher_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "voucher_refunds_pending_idx" ON "voucher_refunds" USING btree ("created_at") WHERE "voucher_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_returns_voucher_key" ON "voucher_returns" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_status_changes_voucher_idx" ON "voucher_status_changes" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_subject_handler_key" ON "order_events" USING btree ("order_id","kind","subject","handler");