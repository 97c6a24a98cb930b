/** The database schema (drizzle). Migrations in ./migrations are generated from it: `npm run db:generate`. */
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** scrypt hash, see src/server/auth/passwords.ts; never the password itself. */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
