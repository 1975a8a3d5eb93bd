CREATE TABLE "price_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_product_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text,
	"reference_price_minor" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"checked_by_user_id" integer,
	"checked_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_evidence" ADD CONSTRAINT "price_evidence_deal_product_id_deal_products_id_fk" FOREIGN KEY ("deal_product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_evidence_product_idx" ON "price_evidence" USING btree ("deal_product_id","id");