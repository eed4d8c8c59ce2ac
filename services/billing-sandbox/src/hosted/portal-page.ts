import type { Invoice, PaymentMethod, PortalSession, Price, Product, Subscription } from '../state';
import { alertBox, cardFields, TEST_CARD_HINT, type CardErrors } from './card-form';
import { day, html, layout, money, pricePhrase, raw } from './layout';

export interface PortalView {
  session: PortalSession;
  subscription: Subscription | null;
  price: Price | null;
  product: Product | null;
  paymentMethod: PaymentMethod | null;
  invoices: Invoice[];
  /** every price a plan can be switched to, with its product's name */
  plans: Array<{ price: Price; product: Product }>;
  /** what the last action did */
  notice?: string;
  formError?: string;
  /** the bank's refusal of the new card */
  cardError?: string;
  cardValues?: Record<string, unknown>;
  cardErrors?: CardErrors;
}

const STATUS_TEXT: Record<string, string> = { active: 'Active', past_due: 'Past due', canceled: 'Canceled' };

function subscriptionSection(view: PortalView): string {
  const { session, subscription: sub, price, product, plans } = view;
  if (!sub || !price || !product) return html`<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Current plan</h2><p>You have no subscription.</p></section>`;
  const base = `/p/session/${session.id}`;
  const live = sub.status !== 'canceled';
  const when = !live
    ? `Ended on ${day(sub.endedAt ?? sub.canceledAt ?? sub.item.periodEnd)}`
    : sub.cancelAtPeriodEnd
      ? `Cancels on ${day(sub.cancelAt ?? sub.item.periodEnd)}`
      : `Renews on ${day(sub.item.periodEnd)}`;
  const options = plans
    .map((p) => html`<option value="${p.price.lookupKey ?? p.price.id}" ${raw(p.price.id === price.id ? 'selected' : '')}>${p.product.name}: ${pricePhrase(p.price)}</option>`)
    .join('');
  const updatePlan =
    sub.status === 'active'
      ? html`<form method="post" action="${base}/update-plan"><label for="price">Plan</label><select id="price" name="price">${raw(options)}</select><button class="secondary" type="submit" style="margin-top:10px">Update plan</button></form>`
      : '';
  const cancel = live && !sub.cancelAtPeriodEnd ? html`<form class="inline" method="post" action="${base}/cancel"><button class="danger" type="submit">Cancel plan</button></form>` : '';
  const renewPlan = live && sub.cancelAtPeriodEnd ? html`<form class="inline" method="post" action="${base}/renew"><button type="submit">Renew plan</button></form>` : '';
  const pastDue = sub.status === 'past_due' ? html`<p class="alert">Your last payment failed. Update your payment method to pay what is due.</p>` : '';
  return html`<section class="card" aria-labelledby="plan-h">
  <h2 id="plan-h">Current plan</h2>
  <p><strong>${product.name}</strong> <span class="muted">(${STATUS_TEXT[sub.status] ?? sub.status})</span></p>
  <p class="amount">${money(price.unitAmount * sub.item.quantity)} <span>per ${price.interval}</span></p>
  <p>${when}</p>
  ${raw(pastDue)}${raw(updatePlan)}${raw(cancel)}${raw(renewPlan)}
</section>`;
}

function paymentSection(view: PortalView): string {
  const { session, paymentMethod: pm, subscription: sub } = view;
  const card = pm ? html`<p>${pm.brand === 'visa' ? 'Visa' : pm.brand} •••• ${pm.last4} <span class="muted">Expires ${String(pm.expMonth).padStart(2, '0')}/${pm.expYear}</span></p>` : html`<p>No card on file.</p>`;
  const form =
    sub && sub.status !== 'canceled'
      ? html`<form method="post" action="/p/session/${session.id}/update-payment-method" novalidate><h3 style="font-size:15px;margin:16px 0 0">New card</h3>${raw(alertBox([view.cardError, ...Object.values(view.cardErrors ?? {})].filter((m): m is string => Boolean(m))))}${raw(cardFields(view.cardValues ?? {}, view.cardErrors ?? {}))}<button class="wide" type="submit">Update payment method</button></form>${raw(TEST_CARD_HINT)}`
      : '';
  return html`<section class="card" aria-labelledby="pm-h"><h2 id="pm-h">Payment method</h2>${raw(card)}${raw(form)}</section>`;
}

function invoiceSection(invoices: Invoice[]): string {
  const rows = invoices
    .map((i) => html`<tr><td>${day(i.created)}</td><td>${money(i.amount)}</td><td>${i.status === 'paid' ? 'Paid' : i.status === 'open' ? 'Open' : 'Draft'}</td><td>${i.number ?? ''}</td></tr>`)
    .join('');
  return html`<section class="card" aria-labelledby="inv-h"><h2 id="inv-h">Invoice history</h2>${raw(
    invoices.length ? html`<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Number</th></tr></thead><tbody>${raw(rows)}</tbody></table>` : html`<p>No invoices yet.</p>`,
  )}</section>`;
}

/** The customer portal: the plan with what can be done to it, the card on file, the invoices. */
export function portalPage(view: PortalView): string {
  const back = view.session.returnUrl ? html`<p><a href="${view.session.returnUrl}">← Return to Postwright</a></p>` : '';
  const notice = view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : '';
  const alert = view.formError ? alertBox([view.formError]) : '';
  return layout(
    'Manage your Postwright billing',
    html`${raw(back)}<h1>Manage your billing</h1><p class="muted">Postwright partners with Stripe for simplified billing.</p>${raw(notice)}${raw(alert)}
${raw(subscriptionSection(view))}${raw(paymentSection(view))}${raw(invoiceSection(view.invoices))}`,
  );
}
