DROP INDEX "gifts_order_line_key";--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_voucher_waiting_key" ON "gifts" USING btree ("voucher_id") WHERE "gifts"."voucher_id" is not null and "gifts"."claimed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_order_line_key" ON "gifts" USING btree ("order_line_id") WHERE "gifts"."voucher_id" is null;