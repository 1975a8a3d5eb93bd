-- The payment sandbox is an app of its own with its tables in the `sandbox` schema and its own
-- migrations (sandbox/db, docs/decisions/035-sandbox-as-its-own-app.md): its old tables leave the shop.
DROP TABLE "sandbox_nonces" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_sessions" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_transactions" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_vault" CASCADE;