/**
 * Who the member is, read the way each kind of LinkedIn app can (config.ts, LINKEDIN_APPS): a
 * share app (OpenID Connect) has the member id in the id token of the code exchange and the rest
 * in `/v2/userinfo`; a Community Management app has neither, and reads `/v2/me` (r_basicprofile).
 *
 * LinkedIn sometimes answers a token it has just issued with 401 (65601) for a few seconds, so the
 * connect step reads the member once more after a short wait before giving up on the grant.
 */
import type { Logger } from '@postwright/platform';
import { isDeadToken, isLinkedinApiError, type LinkedinApi } from './linkedin-api';
import { OAuthError } from './linkedin-oauth';

export interface MemberProfile {
  /** the member id: OpenID's `sub`, the Profile API's `id` (the same id for the same app) */
  sub: string;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
  headline: string | null;
  publicProfileUrl: string | null;
}

export interface MemberReaderSettings {
  clientId: string;
  /** how long to wait before the second read of a just-issued token */
  freshTokenRetryMs: number;
}

/** The claims of an id token this service reads; the rest are LinkedIn's to add. */
interface IdClaims {
  sub: string;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The claims of the id token LinkedIn returned with the access token. Its signature is not
 * checked: it came in the answer of the token endpoint, over TLS, to our own request authenticated
 * with the client secret (OpenID Connect Core 3.1.3.7 lets TLS stand for it there). Its audience
 * must be this app all the same. Null when LinkedIn sent none.
 */
export function idTokenClaims(idToken: unknown, clientId: string): IdClaims | null {
  if (typeof idToken !== 'string' || !idToken) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new OAuthError('token', 'LinkedIn sent an id token that cannot be read');
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(clientId)) throw new OAuthError('token', 'LinkedIn sent an id token issued for another app');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new OAuthError('token', 'LinkedIn sent an id token without a member id');
  return claims as unknown as IdClaims;
}

/** An app with OpenID Connect has `openid` in the grant; a Community Management app never does. */
export const isOpenIdGrant = (scopes: readonly string[]) => scopes.includes('openid');

export class MemberReader {
  constructor(
    private readonly api: LinkedinApi,
    private readonly settings: MemberReaderSettings,
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
  ) {}

  /**
   * The member of a grant just issued: `results` is the token endpoint's answer. The first read
   * that LinkedIn answers 401 is tried once more after freshTokenRetryMs; the grant is given up
   * only when that one fails too. With OpenID the id token names the member whatever userinfo
   * says, and holds the name, so only a token LinkedIn calls revoked or expired (65601, 65602)
   * ends the connection.
   */
  async atConnect(accessToken: string, results: Record<string, unknown>, scopes: readonly string[]): Promise<MemberProfile> {
    if (!isOpenIdGrant(scopes)) return this.once(() => this.read(accessToken, scopes));
    const claims = idTokenClaims(results.id_token, this.settings.clientId);
    try {
      const member = await this.once(() => this.read(accessToken, scopes));
      return claims ? { ...member, sub: claims.sub } : member;
    } catch (error) {
      if (!claims || isDeadToken(error) || error instanceof OAuthError) throw error;
      this.logger.warn({ err: error }, 'LinkedIn userinfo failed at connect; the member is taken from the id token');
      return {
        sub: claims.sub,
        firstName: str(claims.given_name),
        lastName: str(claims.family_name),
        picture: str(claims.picture),
        headline: null,
        publicProfileUrl: null,
      };
    }
  }

  /** The member of a stored grant (Refresh Status, refresh-profile). */
  async read(accessToken: string, scopes: readonly string[]): Promise<MemberProfile> {
    if (isOpenIdGrant(scopes)) {
      const info = await this.api.userinfo(accessToken);
      // a share app has no headline or profile address: LinkedIn gives them with r_basicprofile only
      return { sub: info.sub, firstName: info.givenName, lastName: info.familyName, picture: info.picture, headline: null, publicProfileUrl: null };
    }
    const me = await this.api.me(accessToken);
    return {
      sub: me.id,
      firstName: me.firstName,
      lastName: me.lastName,
      picture: me.picture,
      headline: me.headline,
      publicProfileUrl: me.vanityName ? `https://www.linkedin.com/in/${me.vanityName}` : null,
    };
  }

  /** One read, and after a 401 one more once LinkedIn has had a moment. */
  private async once<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!isLinkedinApiError(error, 'unauthorized')) throw error;
      this.logger.info({ waitMs: this.settings.freshTokenRetryMs }, 'LinkedIn refused a token it has just issued; reading the member once more');
    }
    await wait(this.settings.freshTokenRetryMs);
    return read();
  }
}
