/**
 * Where to go after login: the protected page the visitor was sent away from (in the spec's
 * words, "otherwise the user returns to the page they came from"), else the dashboard. It is kept in
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

/**
 * Where to come back to after connecting LinkedIn: the screen that asked for the
 * connection (a draft in the generator, a filter in content management). The OAuth round trip
 * leaves the app, so it is kept in sessionStorage (this tab, this origin); the callback page
 * consumes it. Only app-relative paths: a single leading '/', never another origin.
 */
const LINKEDIN_KEY = 'postwright.linkedinReturnTo';
const LINKEDIN_RETURN_MAX = 2000;

export function isSafeLinkedInReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= LINKEDIN_RETURN_MAX &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    // no control characters (a browser drops some of them and reads the rest as another host)
    ![...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) &&
    !value.startsWith('/linkedin/callback') &&
    !value.startsWith('/auth/')
  );
}

/** Stores the path to return to (an unsafe one clears any earlier value instead). */
export function rememberLinkedInReturnTo(path: string) {
  try {
    if (isSafeLinkedInReturnPath(path)) window.sessionStorage.setItem(LINKEDIN_KEY, path);
    else window.sessionStorage.removeItem(LINKEDIN_KEY);
  } catch {
    /* storage unavailable: the callback falls back to the profile */
  }
}

/** Reads and clears the stored path; null when there is none (or it is not safe). */
export function consumeLinkedInReturnTo(): string | null {
  try {
    const value = window.sessionStorage.getItem(LINKEDIN_KEY);
    window.sessionStorage.removeItem(LINKEDIN_KEY);
    return isSafeLinkedInReturnPath(value) ? value : null;
  } catch {
    return null;
  }
}
