import { expiryNoticeKey, expiryNoticeStep, firstExpiryNoticeAt } from '../src/modules/expiry-notices/expiry-notices.rules';

/** Which email about a grant's end is due, and when the next one is (no database). */
describe('expiry email rules', () => {
  const DAY = 24 * 3600 * 1000;
  const T0 = new Date('2027-01-01T00:00:00Z');
  const at = (days: number) => new Date(T0.getTime() + days * DAY);
  const selfServe = { status: 'active' as const, refreshToken: null, refreshTokenExpiresAt: null, accessTokenExpiresAt: at(60), connectedAt: T0 };
  /** a partner app's grant: the access token ends every 60 days, the refresh token after 365 */
  const partner = { ...selfServe, refreshToken: 'sealed-refresh', refreshTokenExpiresAt: at(365) };

  test('when a self-serve grant is in its last week, then "soon", and the next at its end; once ended, "expired" and nothing after', () => {
    expect(expiryNoticeStep(selfServe, at(53))).toEqual({ kind: 'soon', expiresAt: at(60), next: at(60) });
    expect(expiryNoticeStep(selfServe, at(60))).toEqual({ kind: 'expired', expiresAt: at(60), next: null });
  });

  test('when a partner grant\'s access token is near its end, then nothing: the grant ends with the refresh token', () => {
    expect(expiryNoticeStep(partner, at(55))).toEqual({ kind: null, expiresAt: at(365), next: at(358) });
    expect(expiryNoticeStep(partner, at(358))).toEqual({ kind: 'soon', expiresAt: at(365), next: at(365) });
  });

  test('when LinkedIn refused the grant before its time, then "expired" at once', () => {
    expect(expiryNoticeStep({ ...selfServe, status: 'expired' }, at(10))).toEqual({ kind: 'expired', expiresAt: at(60), next: null });
  });

  test('when a connection from before these emails is planned, then a week before its end, or not at all when it has ended', () => {
    expect(firstExpiryNoticeAt(selfServe, at(1))).toEqual(at(53));
    expect(firstExpiryNoticeAt(selfServe, at(61))).toBeNull();
  });

  test('when the grant is another (a reconnect), then its emails have keys of their own', () => {
    expect(expiryNoticeKey('u1', 'soon', at(60))).toBe('linkedin-expires-soon:u1:2027-03-02T00:00:00.000Z');
    expect(expiryNoticeKey('u1', 'soon', at(61))).not.toBe(expiryNoticeKey('u1', 'soon', at(60)));
    expect(expiryNoticeKey('u1', 'expired', at(60))).not.toBe(expiryNoticeKey('u1', 'soon', at(60)));
  });
});
