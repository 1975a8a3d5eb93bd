CREATE TABLE "landing_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"headline" text NOT NULL,
	"subheading" text DEFAULT '' NOT NULL,
	"hero_image_url" text DEFAULT '' NOT NULL,
	"hero_alt" text DEFAULT '' NOT NULL,
	"feed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"offer" jsonb,
	"indexable" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basket_reminders" (
	"basket_id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"source" text DEFAULT 'lightbox' NOT NULL,
	"verify_token_hash" text,
	"verify_expires_at" timestamp with time zone,
	"manage_token" text NOT NULL,
	"subscribed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_reminders" ADD CONSTRAINT "basket_reminders_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscribers_email_key" ON "email_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscribers_manage_token_key" ON "email_subscribers" USING btree ("manage_token");--> statement-breakpoint
CREATE INDEX "email_subscribers_verify_idx" ON "email_subscribers" USING btree ("verify_token_hash");