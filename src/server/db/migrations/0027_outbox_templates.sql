-- Mail is stored as a template's name and its data, and rendered (HTML and text) when it is sent
-- (decision 042). A message queued before this migration keeps its text as a plain notice.
ALTER TABLE "outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "template" = 'notice', "data" = jsonb_build_object('paragraphs', jsonb_build_array("body"));--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "template" SET NOT NULL;
