import { AppError, type Logger } from '@postwright/platform';
import { isLinkedinApiError, LinkedinApiError } from '../../lib/linkedin-api';
import { OAuthError, type LinkedinOAuth, type TokenSet } from '../../lib/linkedin-oauth';
import { messages } from '../../lib/messages';
import type { TokenCipher } from '../../lib/token-cipher';
import type { ConnectionRepository, StoredConnection } from './connection.repository';

export const notConnected = () => new AppError('LINKEDIN.NOT_CONNECTED', messages.notConnected, { status: 409 });
export const reconnectRequired = () => new AppError('LINKEDIN.RECONNECT_REQUIRED', messages.reconnect, { status: 409 });

export function isReconnectError(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'LINKEDIN.RECONNECT_REQUIRED' || error.code === 'LINKEDIN.NOT_CONNECTED');
}

/**
 * When the grant stops working unless the member reconnects: the access token's end (60 days),
 * or the refresh token's when there is one (only LinkedIn's approved partners get them) and it
 * lasts longer.
 */
export function grantExpiresAt(connection: Pick<StoredConnection, 'refreshToken' | 'refreshTokenExpiresAt' | 'accessTokenExpiresAt'>): Date {
  const { refreshToken, refreshTokenExpiresAt: refreshEnd, accessTokenExpiresAt: accessEnd } = connection;
  return refreshToken && refreshEnd && refreshEnd > accessEnd ? refreshEnd : accessEnd;
}

/** The access token's time is up and there is no refresh token left to get another: only a reconnect helps. */
export function grantEnded(connection: StoredConnection, now = Date.now()): boolean {
  if (connection.status === 'expired') return true;
  const refreshable = connection.refreshToken && (!connection.refreshTokenExpiresAt || connection.refreshTokenExpiresAt.getTime() > now);
  return connection.accessTokenExpiresAt.getTime() <= now && !refreshable;
}

export function sealTokens(cipher: TokenCipher, userId: string, tokens: TokenSet, now: Date) {
  return {
    accessToken: cipher.seal(tokens.accessToken, userId),
    refreshToken: tokens.refreshToken ? cipher.seal(tokens.refreshToken, userId) : null,
    keyId: cipher.keyId,
    accessTokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
    refreshTokenExpiresAt: tokens.refreshToken && tokens.refreshTokenExpiresIn ? new Date(now.getTime() + tokens.refreshTokenExpiresIn * 1000) : null,
  };
}

/**
 * Calls LinkedIn for a user with their stored grant: decrypts the token, and on a 401
 * refreshes it once (spec: "Access token refreshed once per request") and retries; when no
 * refresh is possible the connection is marked expired and the caller gets a 409 asking
 * to reconnect.
 */
export class LinkedinAccess {
  constructor(
    private readonly deps: { connections: ConnectionRepository; cipher: TokenCipher; oauth: LinkedinOAuth; logger: Logger },
  ) {}

  /**
   * The user's usable connection, or a 409 saying to connect / reconnect. A grant whose time is
   * up with no refresh token (every self-serve app's after 60 days) is marked expired here,
   * without asking LinkedIn what we already know.
   */
  async requireConnection(userId: string): Promise<StoredConnection> {
    const connection = await this.deps.connections.findByUser(userId);
    if (!connection) throw notConnected();
    if (connection.status === 'expired') throw reconnectRequired();
    if (grantEnded(connection)) return this.expire(connection);
    return connection;
  }

  accessTokenOf(connection: StoredConnection): string {
    return this.deps.cipher.open(connection.accessToken, connection.userId);
  }

  async withToken<T>(connection: StoredConnection, call: (accessToken: string) => Promise<T>): Promise<T> {
    await this.rotateKeyIfNeeded(connection);
    let token = this.accessTokenOf(connection);
    let refreshed = false;
    if (connection.accessTokenExpiresAt.getTime() <= Date.now()) {
      token = await this.refreshOrExpire(connection);
      refreshed = true;
    }
    try {
      return await call(token);
    } catch (error) {
      if (!isLinkedinApiError(error, 'unauthorized')) throw error;
      if (refreshed) return this.expire(connection);
    }
    token = await this.refreshOrExpire(connection);
    try {
      return await call(token);
    } catch (error) {
      if (isLinkedinApiError(error, 'unauthorized')) return this.expire(connection);
      throw error;
    }
  }

  private async refreshOrExpire(connection: StoredConnection): Promise<string> {
    if (!connection.refreshToken || (connection.refreshTokenExpiresAt && connection.refreshTokenExpiresAt.getTime() <= Date.now())) {
      return this.expire(connection);
    }
    let tokens: TokenSet;
    try {
      tokens = await this.deps.oauth.refresh(this.deps.cipher.open(connection.refreshToken, connection.userId));
    } catch (error) {
      if (error instanceof OAuthError && error.kind === 'token') return this.expire(connection);
      throw new LinkedinApiError('unavailable', error instanceof Error ? error.message : 'LinkedIn token refresh failed');
    }
    const now = new Date();
    const sealed = sealTokens(this.deps.cipher, connection.userId, tokens, now);
    // LinkedIn keeps the refresh token's own lifetime: do not push it out
    if (connection.refreshTokenExpiresAt && sealed.refreshTokenExpiresAt && sealed.refreshTokenExpiresAt > connection.refreshTokenExpiresAt) {
      sealed.refreshTokenExpiresAt = connection.refreshTokenExpiresAt;
    }
    await this.deps.connections.updateTokens(connection.userId, sealed);
    Object.assign(connection, sealed, { status: 'active' });
    this.deps.logger.info({ userId: connection.userId }, 'LinkedIn access token refreshed');
    return tokens.accessToken;
  }

  private async expire(connection: StoredConnection): Promise<never> {
    await this.deps.connections.markExpired(connection.userId);
    connection.status = 'expired';
    this.deps.logger.info({ userId: connection.userId }, 'LinkedIn connection expired; the member must reconnect');
    throw reconnectRequired();
  }

  /** Tokens sealed with an older key are re-sealed with the current one on first use. */
  private async rotateKeyIfNeeded(connection: StoredConnection): Promise<void> {
    const { cipher } = this.deps;
    if (!cipher.needsRotation(connection.accessToken) && (!connection.refreshToken || !cipher.needsRotation(connection.refreshToken))) return;
    const accessToken = cipher.seal(cipher.open(connection.accessToken, connection.userId), connection.userId);
    const refreshToken = connection.refreshToken ? cipher.seal(cipher.open(connection.refreshToken, connection.userId), connection.userId) : null;
    const update = {
      accessToken,
      refreshToken,
      keyId: cipher.keyId,
      accessTokenExpiresAt: connection.accessTokenExpiresAt,
      refreshTokenExpiresAt: connection.refreshTokenExpiresAt,
    };
    await this.deps.connections.updateTokens(connection.userId, update);
    Object.assign(connection, update);
  }
}

/** Re-exported for callers that need to tell the failure kinds apart. */
export { isLinkedinApiError };
