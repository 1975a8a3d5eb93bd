-- The migrator makes the schema first, to keep its own table in it (sandbox/db/client.ts).
CREATE SCHEMA IF NOT EXISTS "sandbox";
--> statement-breakpoint
CREATE TABLE "sandbox"."nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"card_type" text,
	"last_four" text,
	"expiry_month" text,
	"expiry_year" text,
	"fingerprint" text,
	"behaviour" text DEFAULT 'ok' NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"auth_token" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'braintree' NOT NULL,
	"idempotency_key" text NOT NULL,
	"nonce" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"response_code" text,
	"response_text" text,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."vault" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"card_type" text,
	"last_four" text,
	"expiry_month" text,
	"expiry_year" text,
	"email" text,
	"behaviour" text DEFAULT 'ok' NOT NULL,
	"fingerprint" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_auth_token_key" ON "sandbox"."sessions" USING btree ("auth_token");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_key" ON "sandbox"."transactions" USING btree ("idempotency_key");