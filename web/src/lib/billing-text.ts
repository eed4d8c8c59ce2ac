import { errorCatalogue, isErrorCode } from '@postwright/contracts';
import { ApiError } from './api-client';
import { formatDate } from './datetime';

/**
 * What the signed-in screens say about plans and payment, in one place so that the pricing page,
 * the profile, the layout and the generator use the same words (and the docs can quote them).
 * Not for the landing page: this module reads the error catalogue (zod).
 */
export const billingText = {
  manageBilling: 'Manage billing',
  openingBilling: 'Opening billing...',
  updatePayment: 'Update payment method',
  openingCheckout: 'Opening checkout...',
  currentPlan: 'Current plan',
  checkoutCancelled: 'Checkout cancelled. You have not been charged.',
  checkoutFailed: 'Could not open checkout. Please try again.',
  portalFailed: 'Could not open billing. Please try again.',
  confirming: 'Confirming your payment with Stripe...',
  confirmingSlow:
    'Your payment is still being confirmed. This can take a few minutes: this page keeps checking, and your plan starts as soon as Stripe confirms it.',
  pastDue: 'Your last payment did not go through. Update your payment method to keep generating posts.',
  pastDueUntil: (graceEndsAt: string) => `Your plan keeps working until ${formatDate(graceEndsAt)}.`,
  paymentOverdue: 'Your last payment did not go through, so generating posts is paused until it is paid. Update your payment method to continue.',
  planLimitTitle: (resetsAt: string | null) => (resetsAt ? `Plan limit reached - your posts reset on ${formatDate(resetsAt)}` : 'Plan limit reached'),
  planLimitText: (allowance: number, planName: string) =>
    `You have used all ${allowance} posts of your ${planName} plan this month. To keep writing now, upgrade your plan in Manage billing.`,
  planPostsLeft: (left: number, allowance: number) => `${left} of ${allowance} posts left this month`,
  unlimitedPosts: 'Unlimited posts',
  renewsOn: (date: string) => `Renews on ${formatDate(date)}`,
  endsOn: (date: string) => `Ends on ${formatDate(date)}`,
} as const;

/**
 * What to say when a billing call fails: the server's own text (it is the catalogue's), else the
 * catalogue's message for the code, else the network message or the given fallback.
 */
export function billingErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  if (isErrorCode(error.code)) return errorCatalogue[error.code].message;
  return error.status === 0 ? error.message : fallback;
}

/** The refusal that means "you already pay for a plan": the way forward is Manage billing. */
export function isAlreadySubscribed(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'BILLING.ALREADY_SUBSCRIBED';
}
