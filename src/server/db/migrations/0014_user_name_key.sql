-- The key of each user name (userNameKey in src/shared/accounts.ts: Unicode NFKC, case folded) is
-- computed in JavaScript, not here: the database's lower() depends on its locale. Every start fills
-- missing keys before sign-in opens (assignUserNameKeys in src/server/auth/users.ts); of existing
-- users whose names collide, the oldest gets the key and the others keep a null key, so this
-- migration cannot fail on existing data (docs/security.md, "Accounts").
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username_key");
