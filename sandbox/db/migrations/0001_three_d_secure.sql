CREATE TABLE "sandbox"."three_d_secure" (
	"id" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"card_type" text NOT NULL,
	"last_four" text,
	"scenario" text NOT NULL,
	"status" text NOT NULL,
	"eci" text,
	"return_origin" text NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"transaction_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox"."nonces" ADD COLUMN "three_d_secure" text DEFAULT 'frictionless' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox"."vault" ADD COLUMN "network_transaction_id" text;