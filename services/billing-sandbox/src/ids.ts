import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function random(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/**
 * Ids shaped like Stripe's: a type prefix, then either a short random part (`cus_`, `prod_`,
 * `si_`) or Stripe's newer `1` + 23 characters; Checkout sessions carry `cs_test_a1` + 58.
 */
export const newId = {
  customer: () => `cus_${random(14)}`,
  product: () => `prod_${random(14)}`,
  price: () => `price_1${random(23)}`,
  paymentMethod: () => `pm_1${random(23)}`,
  subscription: () => `sub_1${random(23)}`,
  subscriptionItem: () => `si_${random(14)}`,
  invoice: () => `in_1${random(23)}`,
  invoiceLine: () => `il_1${random(23)}`,
  checkoutSession: () => `cs_test_a1${random(58)}`,
  portalSession: () => `bps_1${random(23)}`,
  portalConfiguration: () => `bpc_1${random(23)}`,
  testClock: () => `clock_1${random(23)}`,
  event: () => `evt_1${random(23)}`,
  request: () => `req_${random(14)}`,
  fingerprint: () => random(16),
  invoicePrefix: () => random(8).toUpperCase().replace(/[^A-Z0-9]/g, 'X'),
};

/** Unix seconds of the real clock. */
export function realNow(): number {
  return Math.floor(Date.now() / 1000);
}

export const DAY = 86_400;

/**
 * One billing interval after `from`, on the anchor's day of month as Stripe bills: a
 * subscription started on the 31st renews on the last day of shorter months, then on the 31st again.
 */
export function addInterval(from: number, interval: 'month' | 'year', anchor: number): number {
  const date = new Date(from * 1000);
  const anchorDay = new Date(anchor * 1000).getUTCDate();
  const months = interval === 'month' ? 1 : 12;
  const year = date.getUTCFullYear() + Math.floor((date.getUTCMonth() + months) / 12);
  const month = (date.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = Date.UTC(year, month, Math.min(anchorDay, lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(next / 1000);
}
