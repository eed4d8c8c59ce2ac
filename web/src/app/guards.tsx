import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AuthLoadingScreen } from '../components/site/status-screen';
import { defaultAuthenticatedPath, landingAnchors, paths } from '../config/paths';
import { useAuth } from '../lib/auth';
import { clearReturnTo, isSafeReturnPath, peekReturnTo, rememberReturnTo } from '../lib/return-to';

/** Location state of the redirect to the landing page. */
export interface ReturnState {
  from?: string;
}

function currentPath(location: { pathname: string; search: string; hash: string }) {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Where a visitor goes once signed in: the page they came from, else the dashboard. */
export function returnTarget(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (isSafeReturnPath(from)) return from;
  return peekReturnTo() ?? defaultAuthenticatedPath;
}

/**
 * Login-required pages: unauthenticated visitors go to the landing page (its pricing section
 * for /pricing); the page they asked for is remembered so login brings them back (not after an
 * explicit logout).
 */
export function RequireAuth() {
  const { status, lastEnd } = useAuth();
  const location = useLocation();
  // Signed in on these pages a moment ago: a logout here is not a visit to come back to.
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (status === 'authenticated') {
      wasSignedIn.current = true;
      clearReturnTo();
    }
  }, [status]);

  if (status === 'loading') return <AuthLoadingScreen />;
  if (status === 'anonymous') {
    const from = currentPath(location);
    const loggedOutHere = wasSignedIn.current && lastEnd === 'logout';
    if (!loggedOutHere) rememberReturnTo(from);
    // the pricing page's signed-out twin is the landing page's pricing section
    const to = location.pathname === paths.pricing ? { pathname: paths.home, hash: `#${landingAnchors.pricing}` } : paths.home;
    return <Navigate to={to} replace state={loggedOutHere ? null : ({ from } satisfies ReturnState)} />;
  }
  return <Outlet />;
}

/** Logged-out-only pages (landing, login, signup): signed-in users go on to their target. */
export function RequireGuest() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <AuthLoadingScreen />;
  if (status === 'authenticated') return <Navigate to={returnTarget(location.state)} replace />;
  return <Outlet />;
}

/** Any other path: the dashboard when signed in, else the landing page. */
export function CatchAllRedirect() {
  const { status } = useAuth();
  if (status === 'loading') return <AuthLoadingScreen />;
  return <Navigate to={status === 'authenticated' ? defaultAuthenticatedPath : paths.home} replace />;
}
