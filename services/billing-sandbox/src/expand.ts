import { stripeErrors } from './api/errors';
import { renderCheckoutSession, renderClock, renderCustomer, renderPaymentMethod, renderPortalSession, renderPrice, renderProduct } from './render';
import { renderInvoice, renderSubscription } from './render-billing';
import type { SandboxState, StripeObject } from './state';

/** Any object by its id (what expansion and event snapshots need), or null. */
function renderById(state: SandboxState, id: string): StripeObject | null {
  const get = <T>(map: Map<string, T>, render: (record: T) => StripeObject) => {
    const record = map.get(id);
    return record ? render(record) : null;
  };
  switch (id.split('_', 1)[0]) {
    case 'cus':
      return get(state.customers, (c) => renderCustomer(state, c));
    case 'price':
      return get(state.prices, renderPrice);
    case 'prod':
      return get(state.products, renderProduct);
    case 'pm':
      return get(state.paymentMethods, renderPaymentMethod);
    case 'sub':
      return get(state.subscriptions, (s) => renderSubscription(state, s));
    case 'in':
      return get(state.invoices, (i) => renderInvoice(state, i));
    case 'clock':
      return get(state.clocks, renderClock);
    case 'cs':
      return get(state.checkoutSessions, (s) => renderCheckoutSession(state, s));
    case 'bps':
      return get(state.portalSessions, renderPortalSession);
    default:
      return null;
  }
}

/**
 * Replaces ids by their objects along each `expand` path (`data.product`,
 * `subscription.latest_invoice`), as Stripe does; `data` steps into a list's items. A path that
 * does not end on an id (or null) is refused, as Stripe refuses it.
 */
export function expand(state: SandboxState, object: StripeObject, paths: string[] = []): StripeObject {
  for (const path of paths) {
    const walk = (at: any, keys: string[]): void => {
      if (at === null || at === undefined) return;
      const [key, ...rest] = keys;
      if (Array.isArray(at)) return at.forEach((item) => walk(item, keys));
      if (typeof at !== 'object' || !(key in at)) throw stripeErrors.cannotExpand(path);
      let value = at[key];
      if (typeof value === 'string') {
        const found = renderById(state, value);
        if (!found) throw stripeErrors.cannotExpand(path);
        at[key] = value = found;
      } else if (rest.length === 0 && value !== null && !(typeof value === 'object' && typeof value.id === 'string')) {
        throw stripeErrors.cannotExpand(path);
      }
      if (rest.length) walk(value, rest);
    };
    walk(object, path.split('.'));
  }
  return object;
}

export interface ListOptions {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

/**
 * One page of a list, newest first, as `{ object: 'list', data, has_more, url }`.
 * `kind` names the object in the refusal of a cursor that is not in the list.
 */
export function page<T extends { id: string; seq: number }>(records: T[], url: string, options: ListOptions, kind: string): { records: T[]; list: (data: StripeObject[]) => StripeObject } {
  const limit = options.limit ?? 10;
  if (limit < 1 || limit > 100) throw stripeErrors.invalidValue('limit', 'This value must be greater than or equal to 1 and less than or equal to 100.');
  const sorted = [...records].sort((a, b) => b.seq - a.seq);
  let slice: T[];
  let hasMore: boolean;
  if (options.ending_before) {
    const at = sorted.findIndex((r) => r.id === options.ending_before);
    if (at < 0) throw stripeErrors.noSuch(kind, options.ending_before, 'ending_before', 400);
    slice = sorted.slice(Math.max(0, at - limit), at);
    hasMore = at - limit > 0;
  } else {
    const from = options.starting_after ? sorted.findIndex((r) => r.id === options.starting_after) + 1 : 0;
    if (options.starting_after && from === 0) throw stripeErrors.noSuch(kind, options.starting_after, 'starting_after', 400);
    slice = sorted.slice(from, from + limit);
    hasMore = from + limit < sorted.length;
  }
  return { records: slice, list: (data) => ({ object: 'list', data, has_more: hasMore, url }) };
}
