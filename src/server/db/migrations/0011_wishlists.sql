CREATE TABLE "wishlist_deals" (
	"wishlist_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_deals_wishlist_id_deal_id_pk" PRIMARY KEY("wishlist_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_token" text,
	"share_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wishlist_deals" ADD CONSTRAINT "wishlist_deals_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_deals" ADD CONSTRAINT "wishlist_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishlist_deals_added_idx" ON "wishlist_deals" USING btree ("wishlist_id","added_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_customer_token_key" ON "wishlists" USING btree ("customer_token");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_share_id_key" ON "wishlists" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "order_lines_deal_idx" ON "order_lines" USING btree ("deal_id");