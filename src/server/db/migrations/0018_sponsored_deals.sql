CREATE TABLE "sponsored_deals" (
	"ad_id" text PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"keywords" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsored_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_events_type_check" CHECK ("sponsored_events"."type" in ('impression', 'click'))
);
--> statement-breakpoint
CREATE TABLE "sponsored_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsored_deals" ADD CONSTRAINT "sponsored_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_events" ADD CONSTRAINT "sponsored_events_session_id_sponsored_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sponsored_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_events" ADD CONSTRAINT "sponsored_events_ad_id_sponsored_deals_ad_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."sponsored_deals"("ad_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsored_deals_deal_idx" ON "sponsored_deals" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "sponsored_events_ad_idx" ON "sponsored_events" USING btree ("ad_id","type");