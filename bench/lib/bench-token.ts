/** A token for a bench user that exists in the bench's database (tokens of unknown users are refused). */
import type { TokenService } from '../../src/server/auth/tokens';
import { ensureAdministrator } from '../../src/server/accounts/accounts';
import { findUserByName } from '../../src/server/auth/users';
import type { Database } from '../../src/server/db/connection';

export async function benchToken(db: Database, tokens: TokenService, username = 'bench'): Promise<string> {
  await ensureAdministrator(db, username, 'bench-password');
  const user = await findUserByName(db, username);
  if (!user) throw new Error(`the bench user '${username}' was not created`);
  return (await tokens.issue({ userId: user.id, username: user.username, sessionVersion: user.sessionVersion })).accessToken;
}
