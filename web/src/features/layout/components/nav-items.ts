import { navigationFor, type NavigationKey } from '@postwright/contracts/src/roles';
import type { UserRole } from '@postwright/contracts';
import { paths } from '../../../config/paths';

export type AppNavIcon = 'dashboard' | 'generate' | 'manage' | 'insights' | 'profile' | 'support';

export interface AppNavItem {
  label: string;
  to: string;
  icon: AppNavIcon;
  /** the navigation entry of the role permission table this item belongs to */
  requires: NavigationKey;
}

/**
 * The app navigation. Generating, managing content and its insights are part of the
 * dashboard area, so they follow the dashboard permission.
 */
export const appNavItems: AppNavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: 'dashboard', requires: 'dashboard' },
  { label: 'Generate', to: paths.content, icon: 'generate', requires: 'dashboard' },
  { label: 'Manage', to: paths.contentManagement, icon: 'manage', requires: 'dashboard' },
  { label: 'Insights', to: paths.insights, icon: 'insights', requires: 'dashboard' },
  { label: 'Profile', to: paths.profile, icon: 'profile', requires: 'profile' },
  { label: 'Support', to: paths.support, icon: 'support', requires: 'support' },
];

export function navItemsFor(role: UserRole | null | undefined): AppNavItem[] {
  const allowed = new Set(navigationFor(role));
  return appNavItems.filter((item) => allowed.has(item.requires));
}

/** The upgrade link (to /pricing) needs the subscription permission. */
export function canManageSubscription(role: UserRole | null | undefined): boolean {
  return navigationFor(role).includes('subscription');
}
