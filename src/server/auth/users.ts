/**
 * The users a sign-in and a token check read (docs/security.md, "Sign-in and tokens"): a user by
 * the name signed in with, by id, and the session a token belongs to. Adding and changing accounts
 * is the accounts wing's (accounts/accounts.ts).
 */
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import { userNameKey, type Role } from '../../shared/accounts';
import type { Database } from '../db/connection';
import { users } from '../db/schema';

export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  sessionVersion: number;
  active: boolean;
  displayName: string;
  role: Role;
  /** The person's chosen language as stored ('en', 'nl' or null: not chosen; docs/languages.md). */
  language: string | null;
}

const userColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  sessionVersion: users.sessionVersion,
  active: users.active,
  displayName: users.displayName,
  role: sql<Role>`${users.role}`,
  language: users.language,
};

/**
 * The user a sign-in name means: the user of exactly that name, else the one whose name has the same
 * key ('ADMIN' or 'ａｄｍｉｎ' finds 'admin'). The exact name comes first so that a user left without a
 * key (a name that collided before keys existed) still signs in with its own name.
 */
export async function findUserByName(db: Database, username: string): Promise<UserRecord | null> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(or(eq(users.username, username), eq(users.usernameKey, userNameKey(username))))
    .orderBy(desc(sql`${users.username} = ${username}`), asc(users.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Database, userId: number): Promise<UserRecord | null> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** The session query of each database, prepared once: it runs on every API call (require-token.ts). */
const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>();

function prepareSessionQuery(db: Database) {
  return db
    .select({ sessionVersion: users.sessionVersion, active: users.active, role: sql<Role>`${users.role}` })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('current_session');
}

/** What a token's user is now: null when the user no longer exists. */
export async function currentSession(db: Database, userId: number): Promise<{ sessionVersion: number; active: boolean; role: Role } | null> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const rows = await query.execute({ userId });
  return rows[0] ?? null;
}
