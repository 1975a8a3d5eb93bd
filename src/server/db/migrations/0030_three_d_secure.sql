ALTER TABLE "payment_instruments" ADD COLUMN "network_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "three_d_secure_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "liability_shifted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "three_d_secure_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "liability_shifted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "network_transaction_id" text;