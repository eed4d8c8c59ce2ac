import {
  hasMinimumRole,
  hasUnlimitedPosts,
  isAdminRole,
  navigationFor,
  permissionsFor,
  roleRank,
  trialPostsRemaining,
  userRoles,
} from '@postwright/contracts';

/** The shared role and tier rules (contracts) that the web and the services both use. */
describe('roles, permissions and tiers', () => {
  test('when ranks are compared, then USER 0 < BETA 1 < ADMIN 2 < SUPER_ADMIN 3', () => {
    expect(userRoles.map((r) => roleRank[r])).toEqual([0, 1, 2, 3]);
    expect(hasMinimumRole('ADMIN', 'BETA')).toBe(true);
    expect(hasMinimumRole('BETA', 'ADMIN')).toBe(false);
    expect(hasMinimumRole('SUPER_ADMIN', 'SUPER_ADMIN')).toBe(true);
    expect(hasMinimumRole(null, 'USER')).toBe(false);
    expect(hasMinimumRole('ROOT' as never, 'USER')).toBe(false);
    expect(userRoles.filter((r) => isAdminRole(r))).toEqual(['ADMIN', 'SUPER_ADMIN']);
  });

  test('when permissions are looked up, then they match the spec table, and no role has none', () => {
    expect(permissionsFor('SUPER_ADMIN')).toEqual(['dashboard', 'profile', 'subscription', 'support', 'betaAdmin', 'systemAdmin']);
    expect(permissionsFor('ADMIN')).toEqual(['dashboard', 'profile', 'subscription', 'support', 'betaAdmin']);
    expect(permissionsFor('BETA')).toEqual(['dashboard', 'profile', 'support']);
    expect(permissionsFor('USER')).toEqual(['dashboard', 'profile', 'subscription', 'support']);
    expect(permissionsFor(undefined)).toEqual([]);
  });

  test('when navigation is derived, then each role sees exactly its permitted items', () => {
    expect(navigationFor('SUPER_ADMIN')).toEqual(['dashboard', 'profile', 'subscription', 'support', 'beta-admin', 'system-admin']);
    expect(navigationFor('BETA')).toEqual(['dashboard', 'profile', 'support']);
    expect(navigationFor(null)).toEqual([]);
  });

  test('when tiers are asked about, then trial counts 3 posts and beta is unlimited until betaExpiresAt', () => {
    expect([0, 1, 3, 7].map((used) => trialPostsRemaining({ trialPostsUsed: used }))).toEqual([3, 2, 0, 0]);
    const now = new Date('2026-01-10T00:00:00Z');
    expect(hasUnlimitedPosts({ subscriptionTier: 'premium', betaExpiresAt: null }, now)).toBe(true);
    expect(hasUnlimitedPosts({ subscriptionTier: 'beta', betaExpiresAt: '2026-01-11T00:00:00Z' }, now)).toBe(true);
    expect(hasUnlimitedPosts({ subscriptionTier: 'beta', betaExpiresAt: '2026-01-09T00:00:00Z' }, now)).toBe(false);
    expect(hasUnlimitedPosts({ subscriptionTier: 'trial', betaExpiresAt: null }, now)).toBe(false);
    expect(hasUnlimitedPosts({ subscriptionTier: 'Starter', betaExpiresAt: null }, now)).toBe(false);
  });
});
