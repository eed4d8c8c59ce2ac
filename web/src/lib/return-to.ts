/**
 * Where to go after login: the protected page the visitor was sent away from (spec section 2:
 * "otherwise the user returns to the page they came from"), else the dashboard. It is kept in
 * sessionStorage because the visitor may browse the landing page before choosing Login.
 */
const KEY = 'postwright.returnTo';

/** Only same-app paths, never the auth pages themselves or another origin. */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    value !== '/' &&
    !value.startsWith('/auth/')
  );
}

export function rememberReturnTo(path: string) {
  if (!isSafeReturnPath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    /* storage unavailable: the dashboard is the fallback */
  }
}

export function peekReturnTo(): string | null {
  try {
    const value = window.sessionStorage.getItem(KEY);
    return isSafeReturnPath(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearReturnTo() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
