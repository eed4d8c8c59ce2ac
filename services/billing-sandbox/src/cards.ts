import type { CardBehaviour } from './state';

/** The card fields of the hosted pages, by input name (Stripe Checkout's own names). */
export const CARD_FIELDS = [
  { name: 'cardNumber', label: 'Card number' },
  { name: 'cardExpiry', label: 'Expiration' },
  { name: 'cardCvc', label: 'CVC' },
  { name: 'billingName', label: 'Name on card' },
] as const;
export type CardFieldName = (typeof CARD_FIELDS)[number]['name'];

/** Stripe's test cards the sandbox knows: any other number is refused as invalid. */
const TEST_CARDS: Record<string, { brand: string; outcome: 'succeeds' | 'declined' | 'declines-later' }> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '4000000000000341': { brand: 'visa', outcome: 'declines-later' },
};

export const DECLINED = 'Your card was declined.';

export interface Card {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  behaviour: CardBehaviour;
}

export type CardCheck =
  | { ok: true; card: Card }
  /** `fields`: what is wrong with each field; `declined`: the card is fine but the bank said no */
  | { ok: false; fields: Partial<Record<CardFieldName, string>>; declined: boolean };

/**
 * Reads the card fields the way Checkout does: each missing field named, then the number, the
 * expiration (against `now`, the customer's clock) and the CVC, then the test card's outcome.
 */
export function checkCard(form: Record<string, unknown>, now: number): CardCheck {
  const value = (name: CardFieldName) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const fields: Partial<Record<CardFieldName, string>> = {};
  for (const { name, label } of CARD_FIELDS) if (!value(name)) fields[name] = `${label} is required.`;
  const number = value('cardNumber').replace(/[\s-]/g, '');
  const known = TEST_CARDS[number];
  if (!fields.cardNumber && !known) fields.cardNumber = 'Your card number is invalid.';
  const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value('cardExpiry'));
  let expMonth = 0;
  let expYear = 0;
  if (!fields.cardExpiry) {
    expMonth = Number(expiry?.[1]);
    expYear = expiry ? (expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
    const today = new Date(now * 1000);
    if (!expiry || expMonth < 1 || expMonth > 12) fields.cardExpiry = "Your card's expiration date is incomplete.";
    else if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
      fields.cardExpiry = "Your card's expiration date is in the past.";
    }
  }
  if (!fields.cardCvc && !/^\d{3,4}$/.test(value('cardCvc'))) fields.cardCvc = "Your card's security code is incomplete.";
  if (Object.keys(fields).length) return { ok: false, fields, declined: false };
  if (known.outcome === 'declined') return { ok: false, fields: {}, declined: true };
  return { ok: true, card: { brand: known.brand, last4: number.slice(-4), expMonth, expYear, name: value('billingName'), behaviour: known.outcome } };
}
