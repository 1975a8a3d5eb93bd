CREATE TABLE "express_buy_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"gateway" text DEFAULT 'BRAINTREE' NOT NULL,
	"token" text NOT NULL,
	"fingerprint" text NOT NULL,
	"card_type" text,
	"last_four" text,
	"expiry_month" text,
	"expiry_year" text,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
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
CREATE TABLE "sandbox_vault" (
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
ALTER TABLE "sandbox_nonces" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "provider" text DEFAULT 'braintree' NOT NULL;--> statement-breakpoint
ALTER TABLE "express_buy_tokens" ADD CONSTRAINT "express_buy_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_buy_tokens" ADD CONSTRAINT "express_buy_tokens_instrument_id_payment_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."payment_instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instruments" ADD CONSTRAINT "payment_instruments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "express_buy_tokens_user_idx" ON "express_buy_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instruments_token_key" ON "payment_instruments" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instruments_user_fingerprint_key" ON "payment_instruments" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instruments_one_default" ON "payment_instruments" USING btree ("user_id") WHERE "payment_instruments"."is_default";--> statement-breakpoint
CREATE INDEX "payment_instruments_user_idx" ON "payment_instruments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_sessions_auth_token_key" ON "sandbox_sessions" USING btree ("auth_token");