/**
 * The session guard (docs/requirements.md §2): on every path change, no stored jwt sends the
 * person to /login; a stored expiry in the past clears the session and sends them to /login,
 * where the expiry is announced.
 */

export const LOGIN_PATH = '/login';

export interface StoredSession {
  jwt: string | null;
  expiredAccessToken: number | null;
}

export type SessionState = 'signed-out' | 'expired' | 'active';

export function sessionState(session: StoredSession, nowMs: number): SessionState {
  if (!session.jwt) return 'signed-out';
  if (session.expiredAccessToken === null || session.expiredAccessToken <= nowMs) return 'expired';
  return 'active';
}

export interface GuardDecision {
  /** Where to go instead of the requested path, if anywhere. */
  redirectTo: string | null;
  /** Clear the stored jwt and expiry, and tell the login page that the session expired. */
  clearExpiredSession: boolean;
}

export function guardDecision(path: string, session: StoredSession, nowMs: number): GuardDecision {
  const state = sessionState(session, nowMs);
  const onLogin = path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`);
  if (state === 'active') return { redirectTo: null, clearExpiredSession: false };
  return {
    redirectTo: onLogin ? null : LOGIN_PATH,
    clearExpiredSession: state === 'expired',
  };
}

export type FirstScreen = 'sign-in' | 'app';

/**
 * What the first paint shows: without an active session the guard would send every path to
 * /login, so the sign-in screen is shown straight away, before the router and the screens are
 * downloaded; with an active session, the app (docs/architecture.md, "First visit").
 */
export function firstScreen(session: StoredSession, nowMs: number): FirstScreen {
  return sessionState(session, nowMs) === 'active' ? 'app' : 'sign-in';
}
