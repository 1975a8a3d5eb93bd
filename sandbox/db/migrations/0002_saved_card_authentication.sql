ALTER TABLE "sandbox"."nonces" ADD COLUMN "payment_method_token" text;--> statement-breakpoint
ALTER TABLE "sandbox"."three_d_secure" ADD COLUMN "payment_method_token" text;--> statement-breakpoint
ALTER TABLE "sandbox"."vault" ADD COLUMN "three_d_secure" text DEFAULT 'frictionless' NOT NULL;