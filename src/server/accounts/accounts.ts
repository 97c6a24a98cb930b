/**
 * Staff accounts (docs/security.md, "Accounts" and "The administrator"): listing, adding and
 * changing them, passwords and the active flag (each ends the user's tokens), the user-name keys
 * and the administrator at start. Signing in reads users through auth/users.ts.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { userNameKey, userNameProblem, type Account, type AccountChange, type Role } from '../../shared/accounts';
import { isLanguage, type Language } from '../../shared/languages';
import type { Database } from '../db/connection';
import { users } from '../db/schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findUserByName } from '../auth/users';

/** The sign-in of an empty database, and the one the start warns about while it works. */
export const DEFAULT_ADMIN = { username: 'admin', password: 'admin' } as const;

const accountColumns = { id: users.id, username: users.username, displayName: users.displayName, role: sql<Role>`${users.role}`, active: users.active };

/** The account whose user name counts as the same as `username`, if any. */
export async function findAccountByNameKey(db: Database, username: string): Promise<Account | null> {
  const rows = await db.select(accountColumns).from(users).where(eq(users.usernameKey, userNameKey(username))).limit(1);
  return rows[0] ?? null;
}

export async function listAccounts(db: Database): Promise<Account[]> {
  return db.select(accountColumns).from(users).orderBy(asc(users.username));
}

export async function findAccount(db: Database, userId: number): Promise<Account | null> {
  const rows = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Adds an account; null when the user name, or one that counts as the same (the same key), is taken.
 * `username` is already in its NFKC form (userNameSchema).
 */
export async function createAccount(
  db: Database,
  input: { username: string; displayName: string; role: Role; password: string },
): Promise<Account | null> {
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(users)
    .values({ username: input.username, usernameKey: userNameKey(input.username), displayName: input.displayName, role: input.role, passwordHash })
    .onConflictDoNothing()
    .returning(accountColumns);
  return rows[0] ?? null;
}

/**
 * Changes display name, role or active flag. A role that really changes, or a deactivation of an
 * active user, ends the user's tokens (the role is read from the database on every call, so this is
 * belt and braces); the role it already has, a display name or a reactivation end nothing. Decided
 * on the row as it is when written, in the same statement.
 */
export async function updateAccount(db: Database, userId: number, change: AccountChange): Promise<void> {
  const roleChanges = change.role !== undefined ? sql`${users.role} <> ${change.role}` : sql`false`;
  const deactivates = change.active === false ? sql`${users.active}` : sql`false`;
  await db
    .update(users)
    .set({
      ...(change.displayName !== undefined ? { displayName: change.displayName } : {}),
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.active !== undefined ? { active: change.active } : {}),
      sessionVersion: sql`${users.sessionVersion} + (case when ${roleChanges} or ${deactivates} then 1 else 0 end)`,
    })
    .where(eq(users.id, userId));
}

/** The language the person chose, or null while they have not (docs/languages.md). */
export async function findAccountLanguage(db: Database, userId: number): Promise<Language | null> {
  const rows = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  const language = rows[0]?.language;
  return isLanguage(language) ? language : null;
}

/** Keeps the person's language on their account, so it follows them to another tablet; false when there is no such user. */
export async function setAccountLanguage(db: Database, userId: number, language: Language): Promise<boolean> {
  const rows = await db.update(users).set({ language }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** Sets a new password; every token issued before stops working. */
export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
}

/** Activates or deactivates a user; deactivating ends every token of the user. */
export async function setActive(db: Database, userId: number, active: boolean): Promise<void> {
  await db.update(users).set({ active, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
}

/** Creates the administrator when there is no user at all. Returns true when it did. */
export async function ensureAdministrator(db: Database, username: string, password: string): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  const passwordHash = await hashPassword(password);
  const inserted = await db
    .insert(users)
    .values({ username, usernameKey: userNameKey(username), passwordHash, role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

/** True while someone can sign in with admin/admin. */
export async function defaultSignInWorks(db: Database): Promise<boolean> {
  const user = await findUserByName(db, DEFAULT_ADMIN.username);
  return !!user && user.active && (await verifyPassword(DEFAULT_ADMIN.password, user.passwordHash));
}

/**
 * The administrator at every start (docs/security.md, "The administrator"). An empty database gets
 * ADMIN_USERNAME / ADMIN_PASSWORD. Later starts with a non-default ADMIN_PASSWORD:
 * - the user ADMIN_USERNAME is created when missing, and gets ADMIN_PASSWORD while it still has the
 *   default password 'admin'; a password of its own is never overwritten (said in the log);
 * - when ADMIN_USERNAME is not 'admin', a user 'admin' still on the default password is deactivated.
 * Returns the lines to log.
 */
export async function prepareAdministrator(db: Database, username: string, password: string): Promise<string[]> {
  const log: string[] = [];
  if (await ensureAdministrator(db, username, password)) {
    log.push(`created the first user '${username}'`);
    return log;
  }
  if (password === DEFAULT_ADMIN.password) return log;

  const user = await findUserByName(db, username);
  if (!user) {
    await db.insert(users).values({ username, usernameKey: userNameKey(username), passwordHash: await hashPassword(password), role: 'admin' });
    log.push(`created the user '${username}' with ADMIN_PASSWORD`);
  } else if (await verifyPassword(DEFAULT_ADMIN.password, user.passwordHash)) {
    await setPassword(db, user.id, password);
    if (!user.active) await setActive(db, user.id, true);
    log.push(`applied ADMIN_PASSWORD to '${username}', which still had the default password`);
  } else if (!(await verifyPassword(password, user.passwordHash))) {
    log.push(`ADMIN_PASSWORD was not applied: '${username}' already has a password of its own, which is kept`);
  }

  if (username !== DEFAULT_ADMIN.username && (await defaultSignInWorks(db))) {
    const admin = await findUserByName(db, DEFAULT_ADMIN.username);
    if (admin) {
      await setActive(db, admin.id, false);
      log.push(`deactivated the user '${DEFAULT_ADMIN.username}', which still had the default password (ADMIN_USERNAME is '${username}')`);
    }
  }
  return log;
}

/**
 * Gives every user without one the key of its name (userNameKey; migration 0014_user_name_key), at
 * every start before sign-in opens. Users are taken oldest first: a name that counts as the same as
 * an older user's keeps no key (it still signs in by its exact name, and cannot be added again);
 * nothing is renamed or deactivated, the log names each such pair for an administrator to settle.
 * Names that would not be accepted as new ones (mixed scripts, say) are named in the log too. One process at a
 * time (an advisory lock), so processes starting together do not collide. Returns the lines to log.
 */
export async function assignUserNameKeys(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backoffice:user-name-keys'))`);
    const missing = await tx.select({ id: users.id, username: users.username }).from(users).where(isNull(users.usernameKey)).orderBy(asc(users.id));
    if (missing.length === 0) return [];
    const keyed = await tx.select({ username: users.username, usernameKey: users.usernameKey }).from(users).where(sql`${users.usernameKey} is not null`);
    const holders = new Map(keyed.map((row) => [row.usernameKey ?? '', row.username]));
    const log: string[] = [];
    for (const user of missing) {
      const key = userNameKey(user.username);
      const holder = holders.get(key);
      if (holder !== undefined) {
        log.push(
          `the user names '${user.username}' and '${holder}' count as the same name; '${user.username}' signs in by its exact name only (deactivate one of them if they are not the same person)`,
        );
        continue;
      }
      await tx.update(users).set({ usernameKey: key }).where(eq(users.id, user.id));
      holders.set(key, user.username);
      const problem = userNameProblem(user.username);
      if (problem) log.push(`the user name '${user.username}' would not be accepted as a new name (${problem}); it keeps working`);
    }
    return log;
  });
}
