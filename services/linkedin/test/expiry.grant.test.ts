import { grantEnded, grantExpiresAt, refreshableUntil, REFRESH_TOKEN_LIFETIME_MS } from '../src/modules/connection/access.use-case';

const DAY = 24 * 3600 * 1000;
const connectedAt = new Date('2026-03-01T10:00:00.000Z');
const at = (days: number) => new Date(connectedAt.getTime() + days * DAY);

/** a stored grant, 60-day access token, no refresh token (a self-serve app) unless overridden */
const grant = (overrides: Partial<Parameters<typeof grantEnded>[0]> = {}): Parameters<typeof grantEnded>[0] => ({
  status: 'active',
  connectedAt,
  accessTokenExpiresAt: at(60),
  refreshToken: null,
  refreshTokenExpiresAt: null,
  ...overrides,
});

/**
 * One rule for "refreshable until when": the date the member is shown (expiresAt), whether the
 * grant is over (expired) and whether a call refreshes or asks to reconnect must agree.
 */
describe('expiry: until when a LinkedIn grant works', () => {
  test('when there is no refresh token, then the grant ends with the access token', () => {
    const g = grant();
    expect(refreshableUntil(g)).toBeNull();
    expect(grantExpiresAt(g)).toEqual(at(60));
    expect(grantEnded(g, at(60).getTime() - 1)).toBe(false);
    expect(grantEnded(g, at(60).getTime())).toBe(true);
  });

  test('when LinkedIn gave the refresh token an end, then the grant ends then, whatever the access token says', () => {
    const g = grant({ refreshToken: 'sealed-refresh', refreshTokenExpiresAt: at(365) });
    expect(refreshableUntil(g)).toEqual(at(365));
    expect(grantExpiresAt(g)).toEqual(at(365));
    expect(grantEnded(g, at(200).getTime())).toBe(false);
    expect(grantEnded(g, at(365).getTime())).toBe(true);
  });

  test('when LinkedIn gave the refresh token no end (refresh_token_expires_in missing), then it is taken to last 365 days from connecting, and the date shown is that end, not the access token past end', () => {
    const g = grant({ refreshToken: 'sealed-refresh', refreshTokenExpiresAt: null });
    const end = new Date(connectedAt.getTime() + REFRESH_TOKEN_LIFETIME_MS);
    expect(end).toEqual(at(365));
    expect(refreshableUntil(g)).toEqual(end);
    expect(grantExpiresAt(g)).toEqual(end);
    // past the access token's 60 days: still refreshable, so not ended, and the date shown is ahead
    const day100 = at(100).getTime();
    expect(grantEnded(g, day100)).toBe(false);
    expect(grantExpiresAt(g).getTime()).toBeGreaterThan(day100);
    expect(grantEnded(g, end.getTime())).toBe(true);
  });

  test('when the refresh token ends before the access token, then the grant lasts as long as the access token', () => {
    const g = grant({ refreshToken: 'sealed-refresh', refreshTokenExpiresAt: at(30) });
    expect(grantExpiresAt(g)).toEqual(at(60));
    expect(grantEnded(g, at(45).getTime())).toBe(false);
  });

  test('when the grant was marked expired, then it has ended, whatever its dates', () => {
    expect(grantEnded(grant({ status: 'expired' }), at(1).getTime())).toBe(true);
  });
});
