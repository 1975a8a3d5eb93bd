CREATE TABLE "deal_impressions" (
	"deal_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_impressions_deal_id_location_id_day_pk" PRIMARY KEY("deal_id","location_id","day")
);
--> statement-breakpoint
ALTER TABLE "deal_impressions" ADD CONSTRAINT "deal_impressions_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_impressions" ADD CONSTRAINT "deal_impressions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_impressions_location_day_idx" ON "deal_impressions" USING btree ("location_id","day");