import { queryOptions } from '@tanstack/react-query';
import { isPlanId, type SubscriptionResponse, type User } from '@postwright/contracts';
import { getSubscription } from '../../../lib/billing-api';
import { queryKeys } from '../../../lib/query-client';

const CONFIRMED_STATUSES = ['active', 'trialing'];

export interface PaymentCheck {
  user: User | null;
  subscription: SubscriptionResponse;
}

export const isConfirmed = (check: PaymentCheck | undefined): check is PaymentCheck & { user: User } =>
  Boolean(check?.user && isPlanId(check.user.subscriptionTier) && CONFIRMED_STATUSES.includes(check.subscription.status));

/** One check of a checkout's outcome: the profile (through `readUser`, which refreshes the app's user) and the subscription. */
export const paymentCheckQuery = (userId: string, sessionId: string, readUser: () => Promise<User | null>) =>
  queryOptions({
    queryKey: [...queryKeys.user(userId), 'billing', 'checkout', sessionId] as const,
    queryFn: async ({ signal }): Promise<PaymentCheck> => {
      const [user, subscription] = await Promise.all([readUser(), getSubscription(signal)]);
      return { user, subscription };
    },
  });
