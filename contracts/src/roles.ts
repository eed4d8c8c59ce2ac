import type { UserRole } from './domain';

/**
 * Roles, their ranks and permissions, and the navigation derived from them.
 * Plain data and functions (no zod) so the web app can use them without pulling schemas in.
 */

export const roleRank: Readonly<Record<UserRole, number>> = { USER: 0, BETA: 1, ADMIN: 2, SUPER_ADMIN: 3 };

function isKnownRole(role: unknown): role is UserRole {
  return typeof role === 'string' && Object.prototype.hasOwnProperty.call(roleRank, role);
}

/** A minimum-role check compares rank; an unknown or missing role passes nothing. */
export function hasMinimumRole(role: UserRole | null | undefined, minimum: UserRole): boolean {
  return isKnownRole(role) && roleRank[role] >= roleRank[minimum];
}

/** Admin means ADMIN or SUPER_ADMIN. */
export function isAdminRole(role: UserRole | null | undefined): boolean {
  return hasMinimumRole(role, 'ADMIN');
}

export const permissions = ['dashboard', 'profile', 'subscription', 'support', 'betaAdmin', 'systemAdmin'] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<UserRole, readonly Permission[]>> = {
  SUPER_ADMIN: ['dashboard', 'profile', 'subscription', 'support', 'betaAdmin', 'systemAdmin'],
  ADMIN: ['dashboard', 'profile', 'subscription', 'support', 'betaAdmin'],
  BETA: ['dashboard', 'profile', 'support'],
  USER: ['dashboard', 'profile', 'subscription', 'support'],
};

/** No role (or an unknown one): no permissions. */
export function permissionsFor(role: UserRole | null | undefined): readonly Permission[] {
  return isKnownRole(role) ? rolePermissions[role] : [];
}

/** Navigation items derive from the permissions, so a role sees only what it may use. */
export const navigationItems = [
  { key: 'dashboard', permission: 'dashboard' },
  { key: 'profile', permission: 'profile' },
  { key: 'subscription', permission: 'subscription' },
  { key: 'support', permission: 'support' },
  { key: 'beta-admin', permission: 'betaAdmin' },
  { key: 'system-admin', permission: 'systemAdmin' },
] as const satisfies ReadonlyArray<{ key: string; permission: Permission }>;
export type NavigationKey = (typeof navigationItems)[number]['key'];

export function navigationFor(role: UserRole | null | undefined): NavigationKey[] {
  const granted = permissionsFor(role);
  return navigationItems.filter((item) => granted.includes(item.permission)).map((item) => item.key);
}
