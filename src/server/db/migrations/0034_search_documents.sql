-- What search reads of each deal, kept by a trigger on deals (docs/decisions/066).
CREATE TABLE "deal_search_documents" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"search_vector" "tsvector",
	"status" text NOT NULL,
	"closing_date" timestamp with time zone NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_id" integer,
	"location_id" integer NOT NULL,
	"popularity" integer NOT NULL,
	"from_price_minor" integer NOT NULL,
	"from_postage_minor" integer NOT NULL,
	"max_discount_percentage" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_search_documents" ADD CONSTRAINT "deal_search_documents_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every existing deal's row, before the index, so the index is built once rather than row by row.
INSERT INTO "deal_search_documents"
  SELECT id, search_vector, status, closing_date, category_id, sub_category_id, location_id, popularity,
         from_price_minor, from_postage_minor, max_discount_percentage, created_at
  FROM deals;--> statement-breakpoint
CREATE INDEX "deal_search_documents_vector_idx" ON "deal_search_documents" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
-- Runs after deals_search_vector_trigger has written NEW.search_vector, in the writer's statement.
CREATE OR REPLACE FUNCTION deal_search_documents_refresh() RETURNS trigger AS $$
BEGIN
  INSERT INTO deal_search_documents (deal_id, search_vector, status, closing_date, category_id, sub_category_id,
    location_id, popularity, from_price_minor, from_postage_minor, max_discount_percentage, created_at)
  VALUES (NEW.id, NEW.search_vector, NEW.status, NEW.closing_date, NEW.category_id, NEW.sub_category_id,
    NEW.location_id, NEW.popularity, NEW.from_price_minor, NEW.from_postage_minor, NEW.max_discount_percentage,
    NEW.created_at)
  ON CONFLICT (deal_id) DO UPDATE SET
    search_vector = EXCLUDED.search_vector, status = EXCLUDED.status, closing_date = EXCLUDED.closing_date,
    category_id = EXCLUDED.category_id, sub_category_id = EXCLUDED.sub_category_id,
    location_id = EXCLUDED.location_id, popularity = EXCLUDED.popularity,
    from_price_minor = EXCLUDED.from_price_minor, from_postage_minor = EXCLUDED.from_postage_minor,
    max_discount_percentage = EXCLUDED.max_discount_percentage, created_at = EXCLUDED.created_at;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER deal_search_documents_insert_trigger
  AFTER INSERT ON deals FOR EACH ROW EXECUTE FUNCTION deal_search_documents_refresh();--> statement-breakpoint
-- An update that changes nothing search reads (a sale's bought_count, a rating) writes nothing here.
CREATE TRIGGER deal_search_documents_update_trigger
  AFTER UPDATE ON deals FOR EACH ROW
  WHEN (
    OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.closing_date IS DISTINCT FROM NEW.closing_date OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.sub_category_id IS DISTINCT FROM NEW.sub_category_id OR OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.popularity IS DISTINCT FROM NEW.popularity OR OLD.from_price_minor IS DISTINCT FROM NEW.from_price_minor
    OR OLD.from_postage_minor IS DISTINCT FROM NEW.from_postage_minor
    OR OLD.max_discount_percentage IS DISTINCT FROM NEW.max_discount_percentage
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
  )
  EXECUTE FUNCTION deal_search_documents_refresh();
--> statement-breakpoint
-- PGlite runs no autovacuum: give the planner the new table's statistics now.
ANALYZE "deal_search_documents";
