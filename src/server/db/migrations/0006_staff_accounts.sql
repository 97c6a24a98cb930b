ALTER TABLE "users" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
-- Every user before staff accounts existed signed in as the one administrator.
UPDATE "users" SET "role" = 'admin';
