CREATE TABLE "event_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"subscriber" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "express_buy_tokens" DROP CONSTRAINT "express_buy_tokens_instrument_id_payment_instruments_id_fk";
--> statement-breakpoint
CREATE INDEX "event_deliveries_pending_idx" ON "event_deliveries" USING btree ("created_at") WHERE "event_deliveries"."handled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_event_subject_subscriber_key" ON "event_deliveries" USING btree ("event","subject","subscriber");--> statement-breakpoint
ALTER TABLE "express_buy_tokens" ADD CONSTRAINT "express_buy_tokens_instrument_id_payment_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."payment_instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "event_deliveries" ("event", "subscriber", "subject", "payload", "attempts", "last_error", "claimed_at", "created_at", "handled_at")
SELECT "kind", "handler", CASE WHEN "subject" = '' THEN "order_id"::text ELSE "subject" END, "payload", "attempts", "last_error", "claimed_at", "created_at", "handled_at"
FROM "order_events";
