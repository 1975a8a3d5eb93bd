CREATE TABLE "purchase_cap_holds" (
	"idempotency_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_cap_holds_idempotency_key_deal_id_pk" PRIMARY KEY("idempotency_key","deal_id")
);
--> statement-breakpoint
CREATE TABLE "promo_use_holds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_cap_holds" ADD CONSTRAINT "purchase_cap_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_cap_holds" ADD CONSTRAINT "purchase_cap_holds_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_use_holds" ADD CONSTRAINT "promo_use_holds_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_use_holds" ADD CONSTRAINT "promo_use_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_cap_holds_expiry_idx" ON "purchase_cap_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "promo_use_holds_code_idx" ON "promo_use_holds" USING btree ("promo_code_id","expires_at");--> statement-breakpoint
CREATE INDEX "promo_use_holds_user_idx" ON "promo_use_holds" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promo_use_holds_expiry_idx" ON "promo_use_holds" USING btree ("expires_at");