-- deal_search_documents in category, sub-category and location order (docs/decisions/073): the deals a
-- word finds mostly share a category, so in this order they sit on a few hundred pages together
-- instead of scattered over most of the table, and a broad search reads, ranks and counts them with
-- about half the CPU. CLUSTER rewrites the table in the index's order once (and rebuilds its GIN
-- index compactly); ALTER ... CLUSTER ON lets the hourly jobs restore the order the same way later.
CREATE INDEX "deal_search_documents_order_idx" ON "deal_search_documents" USING btree ("category_id","sub_category_id","location_id");--> statement-breakpoint
CLUSTER "deal_search_documents" USING "deal_search_documents_order_idx";--> statement-breakpoint
-- PGlite runs no autovacuum: give the planner the rewritten table's statistics now.
ANALYZE "deal_search_documents";
