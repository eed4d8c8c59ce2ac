import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse, User } from '@postwright/contracts';
import { useAuth, useUser } from '../../../lib/auth';
import { forgetCheckout } from '../../../lib/billing-api';
import { queryKeys } from '../../../lib/query-client';
import { isConfirmed, paymentCheckQuery } from '../api/payment-confirmation';

/** After this long the page says, calmly, that it is still waiting (Stripe's webhook can lag). */
export const CONFIRMATION_SLOW_AFTER_MS = 60_000;

/** The wait before each check: about every 1-2 s at first, then every 5 s once it is slow. */
export function nextCheckDelay(attempt: number, slow: boolean): number {
  if (slow) return 5_000;
  return [1_000, 1_000, 1_500, 1_500][attempt] ?? 2_000;
}

export type Confirmation =
  | { phase: 'waiting'; slow: boolean }
  | { phase: 'confirmed'; user: User; subscription: SubscriptionResponse };

/**
 * Waits for the webhook's effect after Stripe Checkout: the profile and the subscription are read
 * again, with backoff, until the user's tier is a plan and the subscription is active (or in
 * Stripe's trial). The auth context's user is refreshed on the way, so the whole app shows the
 * plan. A failed read is not an answer: the page keeps checking. Nothing runs without a session id.
 */
export function usePaymentConfirmation(sessionId: string | null): Confirmation {
  const member = useUser();
  const { refreshUser } = useAuth();
  const client = useQueryClient();
  const [slow, setSlow] = useState(false);
  const slowRef = useRef(false);

  useEffect(() => {
    if (!sessionId) return;
    forgetCheckout(); // the checkout finished: /pricing has no cancellation to report
    const timer = setTimeout(() => {
      slowRef.current = true;
      setSlow(true);
    }, CONFIRMATION_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);

  const { data } = useQuery({
    ...paymentCheckQuery(member.id, sessionId ?? '', refreshUser),
    enabled: sessionId !== null,
    // a hidden tab keeps checking, as the page always did
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      if (isConfirmed(query.state.data)) return false;
      return nextCheckDelay(query.state.dataUpdateCount + query.state.errorUpdateCount - 1, slowRef.current);
    },
  });
  const confirmed = isConfirmed(data) ? data : null;

  // every screen that shows the subscription shows the plan now
  useEffect(() => {
    if (confirmed) client.setQueryData(queryKeys.subscription(confirmed.user.id), confirmed.subscription);
  }, [confirmed, client]);

  return confirmed ? { phase: 'confirmed', user: confirmed.user, subscription: confirmed.subscription } : { phase: 'waiting', slow };
}
