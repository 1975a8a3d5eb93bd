CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"page_type" text,
	"deal_id" integer,
	"list" text,
	"position" integer,
	"order_id" integer,
	"total_minor" integer,
	"currency" text,
	"purchase_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"webm_url" text NOT NULL,
	"mp4_url" text,
	"poster_url" text NOT NULL,
	"captions_url" text,
	"has_speech" boolean DEFAULT false NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "deal_videos_captions_where_speech" CHECK (not "deal_videos"."has_speech" or "deal_videos"."captions_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "experiment_exposures" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment" text NOT NULL,
	"variant" text NOT NULL,
	"path" text NOT NULL,
	"session_id" text NOT NULL,
	"exposed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_facebook" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD COLUMN "shown_unit_price_minor" integer;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD COLUMN "shown_price_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_videos" ADD CONSTRAINT "deal_videos_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_order_key" ON "analytics_events" USING btree ("order_id") WHERE "analytics_events"."type" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "deal_videos_deal_key" ON "deal_videos" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_exposures_session_key" ON "experiment_exposures" USING btree ("session_id","experiment");