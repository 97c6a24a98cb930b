ALTER TABLE "parsing_history" ADD COLUMN IF NOT EXISTS "message_id" text;--> statement-breakpoint
ALTER TABLE "parsing_history" ADD COLUMN IF NOT EXISTS "message_args" jsonb;