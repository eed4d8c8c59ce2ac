import { useEffect, useState } from 'react';
import { isPlanId, type SubscriptionResponse, type User } from '@postwright/contracts';
import { useAuth } from '../../../lib/auth';
import { forgetCheckout, getSubscription } from '../../../lib/billing-api';
import { storeSubscription } from '../../../lib/use-subscription';

/** After this long the page says, calmly, that it is still waiting (Stripe's webhook can lag). */
export const CONFIRMATION_SLOW_AFTER_MS = 60_000;

/** The wait before each check: about every 1-2 s at first, then every 5 s once it is slow. */
export function nextCheckDelay(attempt: number, slow: boolean): number {
  if (slow) return 5_000;
  return [1_000, 1_000, 1_500, 1_500][attempt] ?? 2_000;
}

const CONFIRMED_STATUSES = ['active', 'trialing'];

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
  const { refreshUser } = useAuth();
  const [confirmation, setConfirmation] = useState<Confirmation>({ phase: 'waiting', slow: false });

  useEffect(() => {
    if (!sessionId) return;
    forgetCheckout(); // the checkout finished: /pricing has no cancellation to report
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let slow = false;
    const slowTimer = setTimeout(() => {
      slow = true;
      setConfirmation((c) => (c.phase === 'waiting' ? { phase: 'waiting', slow: true } : c));
    }, CONFIRMATION_SLOW_AFTER_MS);

    async function check() {
      try {
        const [user, subscription] = await Promise.all([refreshUser(), getSubscription(controller.signal)]);
        if (controller.signal.aborted) return;
        if (user && isPlanId(user.subscriptionTier) && CONFIRMED_STATUSES.includes(subscription.status)) {
          clearTimeout(slowTimer);
          storeSubscription(user.id, subscription);
          setConfirmation({ phase: 'confirmed', user, subscription });
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(check, nextCheckDelay(attempt, slow));
      attempt += 1;
    }

    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
      clearTimeout(slowTimer);
    };
  }, [sessionId, refreshUser]);

  return confirmation;
}
