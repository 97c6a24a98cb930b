/** Applies the spec's guard on every path change (rules in src/shared/rules/session.ts). */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardDecision } from '../../../shared/rules/session';
import { expiredAccessTokenAtom, jwtAtom, signOutAtom } from '../../state/session';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const jwt = useAtomValue(jwtAtom);
  const expiredAccessToken = useAtomValue(expiredAccessTokenAtom);
  const signOut = useSetAtom(signOutAtom);
  const decision = useMemo(
    // eslint-disable-next-line react-hooks/purity -- the spec compares the expiry with the time of each path change
    () => guardDecision(pathname, { jwt, expiredAccessToken }, Date.now()),
    [pathname, jwt, expiredAccessToken],
  );

  useEffect(() => {
    if (decision.clearExpiredSession) signOut('expired');
  }, [pathname, decision.clearExpiredSession, signOut]);

  if (decision.redirectTo) return <Navigate to={decision.redirectTo} replace />;
  return children;
}
