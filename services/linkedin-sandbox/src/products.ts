/**
 * LinkedIn's developer products, as the Developer Portal's Products tab grants them: an app has
 * products, and each product grants scopes. The Community Management API is granted only to
 * registered organisations after review, and only to an app that has no other product, so it can
 * never sit beside Sign In with LinkedIn using OpenID Connect or Share on LinkedIn.
 */
export const PRODUCTS = {
  'openid-connect': { name: 'Sign In with LinkedIn using OpenID Connect', scopes: ['openid', 'profile', 'email'] },
  share: { name: 'Share on LinkedIn', scopes: ['w_member_social'] },
  'community-management': {
    name: 'Community Management API',
    scopes: ['r_basicprofile', 'w_member_social', 'r_member_postAnalytics', 'r_organization_social', 'w_organization_social', 'rw_organization_admin'],
  },
} as const;
export type ProductId = keyof typeof PRODUCTS;
const productIds = Object.keys(PRODUCTS) as ProductId[];

/** A registered app: its credentials and products, and the scopes those grant. */
export interface SandboxApp {
  clientId: string;
  clientSecret: string;
  products: ProductId[];
  scopes: string[];
}

export function scopesOf(products: readonly ProductId[]): string[] {
  return [...new Set(products.flatMap((p) => PRODUCTS[p].scopes))];
}

/** Why LinkedIn would not let an app have these products; null when it would. */
export function productsProblem(products: readonly string[]): string | null {
  const unknown = products.filter((p) => !(productIds as string[]).includes(p));
  if (unknown.length) return `unknown product ${unknown.map((p) => `"${p}"`).join(', ')}: use ${productIds.join(', ')}`;
  if (products.length === 0) return 'an app needs at least one product';
  if (products.includes('community-management') && products.length > 1) {
    return 'the Community Management API cannot share an app with other products (LinkedIn grants it only to an app of its own)';
  }
  return null;
}
