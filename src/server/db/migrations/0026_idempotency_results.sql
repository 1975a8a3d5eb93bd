-- docs/decisions/038-one-http-edge.md: an Idempotency-Key record stores the paying service's result, not an
-- HTTP status and body. Records answered before this held HTTP answers, which the shop no longer reads: they
-- go (a retry under such a key runs again, and the order's own key still places at most one order).
DELETE FROM "idempotency_keys" WHERE "state" = 'done';--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_status";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_body";
