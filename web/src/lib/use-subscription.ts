import { useCallback, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@postwright/contracts';
import { subscriptionQuery } from './billing-api';

/**
 * The member's subscription (GET /billing/subscription), shared by the screens that show it (the
 * profile, the pricing page, the layout's payment banner) through the query cache, so they agree
 * and ask once at a time. Its key names the member: another user's answer is never shown.
 */

/** A generation refused with PLAN.PAYMENT_OVERDUE (the grace period is over): known in this tab only, not from a read. */
let overdue: { userId: string; at: number } | null = null;
const listeners = new Set<() => void>();

function setOverdue(next: typeof overdue) {
  overdue = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const settled = (data: SubscriptionResponse | undefined) => data?.status === 'active' || data?.status === 'trialing';

/** Tests start each page load afresh. */
export function resetSubscriptionStore() {
  setOverdue(null);
}

/** The server refused a generation because payment is overdue: every screen says so (until a read finds the subscription settled). */
export function useReportPaymentOverdue(): (userId: string) => void {
  const client = useQueryClient();
  return useCallback(
    (userId: string) => {
      setOverdue({ userId, at: Date.now() });
      client.fetchQuery({ ...subscriptionQuery(userId), staleTime: 0 }).catch(() => undefined);
    },
    [client],
  );
}

function useOverdueSince(userId: string | null): number | null {
  const current = useSyncExternalStore(subscribe, () => overdue, () => overdue);
  return userId !== null && current?.userId === userId ? current.at : null;
}

/**
 * The subscription of `userId` (null: not needed here, nothing is asked). Each screen that needs
 * it reads it again when it opens, so what it shows is current; until then the last answer shows.
 */
export function useSubscription(userId: string | null): { subscription: SubscriptionResponse | null; paymentOverdue: boolean } {
  const query = useQuery({ ...subscriptionQuery(userId ?? ''), enabled: userId !== null });
  const since = useOverdueSince(userId);
  const cleared = since !== null && settled(query.data) && query.dataUpdatedAt >= since;
  return { subscription: userId !== null ? (query.data ?? null) : null, paymentOverdue: since !== null && !cleared };
}

/** Whether a generation was refused for an overdue payment, for screens that do not read the subscription. */
export function usePaymentOverdueReported(userId: string): boolean {
  const since = useOverdueSince(userId);
  // reads nothing itself: it only watches what the screens that read the subscription learnt
  const { data, dataUpdatedAt } = useQuery({ ...subscriptionQuery(userId), enabled: false });
  return since !== null && !(settled(data) && dataUpdatedAt >= since);
}
