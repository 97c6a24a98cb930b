ALTER TABLE "jobs" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "message_args" jsonb;