/** The users table: look-up by name and the first administrator of an empty database. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { users } from '../db/schema';
import { hashPassword } from './passwords';

export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
}

export async function findUserByName(db: Database, username: string): Promise<UserRecord | null> {
  const rows = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return rows[0] ?? null;
}

/** Creates the administrator when there is no user at all. Returns true when it did. */
export async function ensureAdministrator(db: Database, username: string, password: string): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(password);
  const inserted = await db.insert(users).values({ username, passwordHash }).onConflictDoNothing().returning({ id: users.id });
  return inserted.length > 0;
}
