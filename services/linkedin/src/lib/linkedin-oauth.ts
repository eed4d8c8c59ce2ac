
/** Binds OAuth `state` values to users: 32 random bytes, short-lived, single use. */
export interface OAuthStateStore {
  issue(userId: string): Promise<string>;
  /** consumes the state when it belongs to userId; 'unknown' covers forged, expired and reused values */
  consume(state: string, userId: string): Promise<'ok' | 'unknown' | 'other-user'>;
}

export interface TokenSet {
  accessToken: string;
  /** seconds */
  expiresIn: number;
  refreshToken: string | null;
  refreshTokenExpiresIn: number | null;
  scopes: string[];
}

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  redirectUri: string;
  scopes: string[];
  requestTimeoutMs: number;
}

/** Why a code exchange did not give us a connection. */
export class OAuthError extends Error {
  constructor(
    readonly kind: 'state' | 'state-other-user' | 'token' | 'unavailable',
    message: string,
    /** LinkedIn's own error and description, when it gave them */
    readonly linkedin: { error?: string; description?: string } = {},
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

/** The token endpoint's answer as a TokenSet (LinkedIn: comma-separated scope, refresh token only for some apps). */
export function parseTokenResults(accessToken: string, refreshToken: string | undefined, results: Record<string, unknown>): TokenSet {
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));
  return {
    accessToken,
    expiresIn: num(results.expires_in) ?? 60 * 24 * 3600,
    refreshToken: refreshToken || null,
    refreshTokenExpiresIn: refreshToken ? num(results.refresh_token_expires_in) : null,
    // LinkedIn answers a comma-separated scope; be lenient about spaces too
    scopes: String(results.scope ?? '')
      .split(/[\s,]+/)
      .filter(Boolean),
  };
}

/**
 * The OAuth calls outside sign-in (which is linkedin-sign-in.ts): renewing a grant with a refresh
 * token, through the strategy's OAuth 2 client, and revoking a token at disconnect.
 */
export class LinkedinOAuth {
  constructor(
    private readonly settings: OAuthSettings,
    /** the sign-in strategy's OAuth 2 client (linkedin-sign-in.ts) */
    private readonly strategy: { refresh(refreshToken: string, timeoutMs: number): Promise<TokenSet> },
  ) {}

  /** grant_type=refresh_token; rejects with an OAuthError of kind 'token' when LinkedIn refuses. */
  refresh(refreshToken: string): Promise<TokenSet> {
    return this.strategy.refresh(refreshToken, this.settings.requestTimeoutMs);
  }

  /** Revokes a token at LinkedIn (best effort; callers ignore failures). */
  async revoke(token: string): Promise<boolean> {
    const res = await fetch(this.settings.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.settings.clientId, client_secret: this.settings.clientSecret, token }).toString(),
      signal: AbortSignal.timeout(this.settings.requestTimeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok;
  }
}

export function toOAuthError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error;
  const e = error as { name?: string; code?: string; message?: string; oauthError?: { statusCode?: number; data?: string }; statusCode?: number; data?: string };
  if (e?.name === 'TokenError') {
    return new OAuthError('token', e.message || e.code || 'LinkedIn refused the code', { error: e.code, description: e.message });
  }
  const inner = e?.oauthError ?? e;
  if (inner && typeof inner.statusCode === 'number') {
    return inner.statusCode >= 500
      ? new OAuthError('unavailable', `LinkedIn answered ${inner.statusCode}`)
      : new OAuthError('token', String(inner.data ?? `LinkedIn answered ${inner.statusCode}`).slice(0, 300));
  }
  // userinfo failures (LinkedinApiError) and network errors end up here
  const kind = (error as { kind?: string })?.kind;
  if (kind === 'unauthorized' || kind === 'forbidden') return new OAuthError('token', (error as Error).message);
  return new OAuthError('unavailable', (error as Error)?.message ?? 'LinkedIn could not be reached');
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OAuthError('unavailable', 'LinkedIn did not answer in time')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
