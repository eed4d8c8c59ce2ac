import type { CheckoutSession, Customer, Price, Product } from '../state';
import { alertBox, cardFields, TEST_CARD_HINT, type CardErrors } from './card-form';
import { html, layout, pricePhrase, raw } from './layout';

export interface CheckoutView {
  session: CheckoutSession;
  price: Price;
  product: Product;
  customer: Customer | null;
  values?: Record<string, unknown>;
  errors?: CardErrors;
  /** the bank's refusal, or another message about the whole form */
  formError?: string;
  /** when the session names no customer, Checkout asks for the email */
  emailError?: string;
}

/** Stripe Checkout's hosted page in subscription mode: what is bought, then the card form. */
export function checkoutPage(view: CheckoutView): string {
  const { session, price, product, customer, values = {}, errors = {}, formError, emailError } = view;
  const email = customer?.email ?? session.customerEmail;
  const messages = [formError, emailError, ...Object.values(errors)].filter((m): m is string => Boolean(m));
  const emailField = email
    ? html`<p><span class="muted">Email</span><br><strong>${email}</strong></p>`
    : html`<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${typeof values.email === 'string' ? values.email : ''}" ${raw(emailError ? 'aria-invalid="true" aria-describedby="email-error"' : '')}>${raw(emailError ? html`<p class="field-error" id="email-error">${emailError}</p>` : '')}`;
  const back = session.cancelUrl ? html`<p><a href="${session.cancelUrl}">← Back to Postwright</a></p>` : '';
  return layout(
    `Subscribe to ${product.name}`,
    html`${raw(back)}<div class="columns">
  <section aria-label="Order summary">
    <h1>Subscribe to ${product.name}</h1>
    <p class="amount">${pricePhrase(price, session.quantity).replace(/ per .*/, '')} <span>per ${price.interval}</span></p>
    <p class="muted">${pricePhrase(price, session.quantity)}, billed ${price.interval === 'month' ? 'monthly' : 'yearly'} until you cancel.</p>
  </section>
  <section class="card" aria-labelledby="pay-heading">
    <h2 id="pay-heading">Pay with card</h2>
    ${raw(alertBox(messages))}
    <form method="post" action="/c/pay/${session.id}" novalidate>
      ${raw(emailField)}
      ${raw(cardFields(values, errors))}
      <button class="wide" type="submit">Subscribe</button>
    </form>
    ${raw(TEST_CARD_HINT)}
  </section>
</div>`,
  );
}
