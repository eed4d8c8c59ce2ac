import { useEffect, useSyncExternalStore } from 'react';
import type { SubscriptionResponse } from '@postwright/contracts';
import { getSubscription } from './billing-api';

/**
 * The member's subscription (GET /billing/subscription), shared by the screens that show it (the
 * profile, the pricing page, the layout's payment banner) so they agree and ask once at a time.
 * It belongs to one user: another user's answer is never shown.
 */
interface SubscriptionState {
  userId: string | null;
  data: SubscriptionResponse | null;
  /** a generation was refused with PLAN.PAYMENT_OVERDUE: the grace period is over */
  paymentOverdue: boolean;
}

const empty: SubscriptionState = { userId: null, data: null, paymentOverdue: false };
let state: SubscriptionState = empty;
let pending: { userId: string; promise: Promise<SubscriptionResponse> } | null = null;
const listeners = new Set<() => void>();

function set(next: SubscriptionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores an answer read elsewhere (the success page's polling) for every screen. */
export function storeSubscription(userId: string, data: SubscriptionResponse) {
  const settled = data.status === 'active' || data.status === 'trialing';
  set({ userId, data, paymentOverdue: state.userId === userId && state.paymentOverdue && !settled });
}

/** Reads the subscription again (one request at a time per user). */
export function refreshSubscription(userId: string): Promise<SubscriptionResponse> {
  if (pending?.userId === userId) return pending.promise;
  const promise = getSubscription()
    .then((data) => {
      storeSubscription(userId, data);
      return data;
    })
    .finally(() => {
      if (pending?.promise === promise) pending = null;
    });
  pending = { userId, promise };
  return promise;
}

/** The server refused a generation because payment is overdue: every screen says so from now on. */
export function reportPaymentOverdue(userId: string) {
  set({ ...(state.userId === userId ? state : { ...empty, userId }), paymentOverdue: true });
  refreshSubscription(userId).catch(() => undefined);
}

/** Tests start each page load afresh. */
export function resetSubscriptionStore() {
  pending = null;
  set(empty);
}

/**
 * The subscription of `userId` (null: not needed here, nothing is asked). Each screen that needs
 * it reads it again when it opens, so what it shows is current; until then the last answer shows.
 */
export function useSubscription(userId: string | null): { subscription: SubscriptionResponse | null; paymentOverdue: boolean } {
  const current = useSyncExternalStore(subscribe, () => state, () => state);

  useEffect(() => {
    if (userId) refreshSubscription(userId).catch(() => undefined); // the screen shows what the user carries
  }, [userId]);

  const mine = userId !== null && current.userId === userId;
  return { subscription: mine ? current.data : null, paymentOverdue: mine && current.paymentOverdue };
}

/** Whether a generation was refused for an overdue payment, for screens that do not read the subscription. */
export function usePaymentOverdueReported(userId: string): boolean {
  const current = useSyncExternalStore(subscribe, () => state, () => state);
  return current.userId === userId && current.paymentOverdue;
}
