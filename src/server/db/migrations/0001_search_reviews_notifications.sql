-- pg_trgm gives search its typo tolerance; PGlite loads the same extension (client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"deals" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sold_out_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "early_bird_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sold_out_notifications" ADD CONSTRAINT "sold_out_notifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_deal_idx" ON "reviews" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sold_out_notifications_deal_email_key" ON "sold_out_notifications" USING btree ("deal_id",lower("email"));--> statement-breakpoint
CREATE INDEX "deals_search_idx" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "deals_early_bird_idx" ON "deals" USING btree ("early_bird_until");--> statement-breakpoint
-- The weighted search document: headline A, title and tags B, merchant C, category and location D.
CREATE OR REPLACE FUNCTION deals_search_vector_refresh() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.headline, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.title, '') || ' ' ||
      coalesce((SELECT string_agg(tag, ' ') FROM jsonb_array_elements_text(NEW.tags) AS tag), '')), 'B') ||
    setweight(to_tsvector('english', coalesce((SELECT name FROM merchants WHERE id = NEW.merchant_id), '')), 'C') ||
    setweight(to_tsvector('english',
      coalesce((SELECT string_agg(name, ' ') FROM categories WHERE id IN (NEW.category_id, NEW.sub_category_id)), '') || ' ' ||
      coalesce((SELECT name FROM locations WHERE id = NEW.location_id), '')), 'D');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER deals_search_vector_trigger
  BEFORE INSERT OR UPDATE OF headline, title, tags, merchant_id, category_id, sub_category_id, location_id
  ON deals FOR EACH ROW EXECUTE FUNCTION deals_search_vector_refresh();--> statement-breakpoint
UPDATE deals SET headline = headline;
