import { CARD_FIELDS, type CardFieldName } from '../cards';
import { html, raw } from './layout';

const INPUTS: Record<CardFieldName, { autocomplete: string; placeholder: string; inputmode?: string }> = {
  cardNumber: { autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234', inputmode: 'numeric' },
  cardExpiry: { autocomplete: 'cc-exp', placeholder: 'MM / YY', inputmode: 'numeric' },
  cardCvc: { autocomplete: 'cc-csc', placeholder: 'CVC', inputmode: 'numeric' },
  billingName: { autocomplete: 'cc-name', placeholder: 'Full name on card' },
};

export type CardErrors = Partial<Record<CardFieldName, string>>;

function field(name: CardFieldName, label: string, value: string, error: string | undefined): string {
  const input = INPUTS[name];
  return html`<div><label for="${name}">${label}</label><input id="${name}" name="${name}" type="text" value="${value}" autocomplete="${input.autocomplete}" placeholder="${input.placeholder}" ${raw(input.inputmode ? `inputmode="${input.inputmode}"` : '')} ${raw(error ? `aria-invalid="true" aria-describedby="${name}-error"` : '')}>${raw(error ? html`<p class="field-error" id="${name}-error">${error}</p>` : '')}</div>`;
}

/** Card number, Expiration (MM / YY), CVC and Name on card, each with its own error under it. */
export function cardFields(values: Record<string, unknown>, errors: CardErrors = {}): string {
  const value = (name: CardFieldName) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const [number, expiry, cvc, name] = CARD_FIELDS.map((f) => field(f.name, f.label, value(f.name), errors[f.name]));
  return `${number}<div class="row">${expiry}${cvc}</div>${name}`;
}

/** The form's errors, announced: what the bank said, or each field's problem. */
export function alertBox(messages: string[]): string {
  if (!messages.length) return '';
  return messages.length === 1
    ? html`<div class="alert" role="alert">${messages[0]}</div>`
    : html`<div class="alert" role="alert"><ul>${raw(messages.map((m) => html`<li>${m}</li>`).join(''))}</ul></div>`;
}

export const TEST_CARD_HINT = html`<p class="hint">Test cards: <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0002</code> is declined; <code>4000 0000 0000 0341</code> pays now and declines every later charge. Any future expiration, any CVC.</p>`;
