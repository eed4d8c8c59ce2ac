import { AppError, type Logger } from '@postwright/platform';
import { isLinkedinApiError, LinkedinApiError } from '../../lib/linkedin-api';
import { OAuthError, type LinkedinOAuth, type TokenSet } from '../../lib/linkedin-oauth';
import type { TokenCipher } from '../../lib/token-cipher';
import type { ConnectionRepository, StoredConnection } from './connection.repository';

export const notConnected = () => AppError.of('LINKEDIN.CONNECTION_REQUIRED');
export const reconnectRequired = () => AppError.of('LINKEDIN.RECONNECT_REQUIRED');
/** The member reconnected while a call was using the old grant: trying again uses the new one. */
const grantChanged = () => AppError.of('LINKEDIN.UNAVAILABLE');

export function isReconnectError(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'LINKEDIN.RECONNECT_REQUIRED' || error.code === 'LINKEDIN.CONNECTION_REQUIRED');
}

/** LinkedIn's refresh tokens last 365 days from the grant that issued them, not extended by use (docs/linkedin.md). */
export const REFRESH_TOKEN_LIFETIME_MS = 365 * 24 * 3600 * 1000;

type GrantTimes = Pick<StoredConnection, 'refreshToken' | 'refreshTokenExpiresAt' | 'accessTokenExpiresAt' | 'connectedAt'>;

/**
 * Until when the stored refresh token can get a new access token; null without one (every
 * self-serve app). LinkedIn gives the end in refresh_token_expires_in; when it left it out, the
 * token is taken to end 365 days after the (re)connection that issued it, so that the date the
 * member is shown, the `expired` flag and the decision to refresh all follow this one rule.
 */
export function refreshableUntil(connection: GrantTimes): Date | null {
  if (!connection.refreshToken) return null;
  return connection.refreshTokenExpiresAt ?? new Date(connection.connectedAt.getTime() + REFRESH_TOKEN_LIFETIME_MS);
}

/**
 * When the grant stops working unless the member reconnects: the access token's end (60 days),
 * or the refresh token's when there is one (only LinkedIn's approved partners get them) and it
 * lasts longer.
 */
export function grantExpiresAt(connection: GrantTimes): Date {
  const refreshEnd = refreshableUntil(connection);
  return refreshEnd && refreshEnd > connection.accessTokenExpiresAt ? refreshEnd : connection.accessTokenExpiresAt;
}

/** From this long before the grant ends the member is warned: the profile says to reconnect soon, and an email says when. */
export const RECONNECT_WARNING_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

/** When the first email about a grant's end falls due: RECONNECT_WARNING_DAYS before it ends. */
export function expiryNoticeStart(connection: GrantTimes): Date {
  return new Date(grantExpiresAt(connection).getTime() - RECONNECT_WARNING_DAYS * DAY_MS);
}

/** The access token's time is up and there is no refresh token left to get another: only a reconnect helps. */
export function grantEnded(connection: GrantTimes & Pick<StoredConnection, 'status'>, now = Date.now()): boolean {
  return connection.status === 'expired' || grantExpiresAt(connection).getTime() <= now;
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
    return this.usable(await this.deps.connections.findByUser(userId));
  }

  /**
   * requireConnection for a scheduled publish, from a connection read up to a second ago by
   * another publish of the member's (ConnectionRepository.findRecent): a burst of one member's
   * posts reads it about once a second instead of once a post. Publish-now and the member's own
   * screens keep reading it afresh.
   */
  async requireRecentConnection(userId: string): Promise<StoredConnection> {
    return this.usable(await this.deps.connections.findRecent(userId));
  }

  private async usable(connection: StoredConnection | null): Promise<StoredConnection> {
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
    const refreshEnd = refreshableUntil(connection);
    if (!connection.refreshToken || !refreshEnd || refreshEnd.getTime() <= Date.now()) return this.expire(connection);
    let tokens: TokenSet;
    try {
      tokens = await this.deps.oauth.refresh(this.deps.cipher.open(connection.refreshToken, connection.userId));
    } catch (error) {
      if (error instanceof OAuthError && error.kind === 'token') return this.expire(connection);
      throw new LinkedinApiError('unavailable', error instanceof Error ? error.message : 'LinkedIn token refresh failed');
    }
    const now = new Date();
    const sealed = sealTokens(this.deps.cipher, connection.userId, tokens, now);
    // LinkedIn keeps the refresh token's own lifetime: a refresh neither pushes its end out nor forgets it
    const ends = [connection.refreshTokenExpiresAt, sealed.refreshTokenExpiresAt].filter((end): end is Date => end !== null);
    sealed.refreshTokenExpiresAt = ends.length ? new Date(Math.min(...ends.map((end) => end.getTime()))) : null;
    // a grant whose end moved gets its emails about the new end; one that did not keeps its schedule of them
    const renewed = { ...connection, ...sealed };
    const notice = grantExpiresAt(renewed).getTime() === grantExpiresAt(connection).getTime() ? {} : { expiryNoticeAt: expiryNoticeStart(renewed) };
    if (await this.deps.connections.updateTokens(connection.userId, connection.accessToken, { ...sealed, ...notice })) {
      this.deps.logger.info({ userId: connection.userId }, 'LinkedIn access token refreshed');
    } else {
      // the member reconnected (or another call refreshed) meanwhile: the stored grant is newer, keep it
      this.deps.logger.info({ userId: connection.userId }, 'LinkedIn access token refreshed for this call only; the stored grant changed meanwhile');
    }
    Object.assign(connection, sealed, notice, { status: 'active' });
    return tokens.accessToken;
  }

  /**
   * Marks expired the grant this call found dead, and only that one: a call that loaded the
   * connection before the member reconnected must not expire the new grant. Then the stored
   * connection says what the caller hears: gone, expired, or (a newer grant) try again.
   */
  private async expire(connection: StoredConnection): Promise<never> {
    const { connections, logger } = this.deps;
    if (await connections.markExpired(connection.userId, connection.accessToken)) {
      connection.status = 'expired';
      logger.info({ userId: connection.userId }, 'LinkedIn connection expired; the member must reconnect');
      throw reconnectRequired();
    }
    const current = await connections.findByUser(connection.userId);
    if (!current) throw notConnected();
    if (current.status === 'expired') throw reconnectRequired();
    logger.info({ userId: connection.userId }, 'an earlier LinkedIn grant ended during this call; the current one stays active');
    throw grantChanged();
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
    // not stored when the grant changed meanwhile (a reconnect): this call goes on with the same token either way
    if (await this.deps.connections.updateTokens(connection.userId, connection.accessToken, update)) Object.assign(connection, update);
  }
}
