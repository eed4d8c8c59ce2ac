import type { Price } from '../state';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Escapes every interpolated value; `raw` marks HTML built by another template. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, s, i) => {
    const v = values[i - 1];
    const text = v === undefined || v === null || v === false ? '' : v instanceof Raw ? v.value : escapeHtml(String(v));
    return out + text + s;
  });
}

class Raw {
  constructor(readonly value: string) {}
}
export const raw = (value: string) => new Raw(value);

export function money(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "$29.00 per month" */
export function pricePhrase(price: Pick<Price, 'unitAmount' | 'interval'>, quantity = 1): string {
  return `${money(price.unitAmount * quantity)} per ${price.interval}`;
}

/** "March 5, 2027" (UTC, as the clock's seconds are) */
export function day(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; color: #1a1f36; background: #f6f9fc; margin: 0; line-height: 1.5; }
  header { display: flex; align-items: center; gap: 10px; padding: 16px 24px; background: #fff; border-bottom: 1px solid #e3e8ee; }
  .brand { font-weight: 700; }
  .badge { font-size: 12px; font-weight: 600; color: #a04100; background: #ffde92; border-radius: 4px; padding: 1px 6px; text-transform: uppercase; }
  /* an email address has no place to break: on a phone it would widen the page */
  main { max-width: 920px; margin: 32px auto; padding: 0 20px; overflow-wrap: anywhere; }
  .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 48px; }
  @media (max-width: 720px) { .columns { grid-template-columns: 1fr; gap: 24px; } }
  .card { background: #fff; border: 1px solid #e3e8ee; border-radius: 8px; padding: 24px; margin-bottom: 20px; }
  h1 { font-size: 24px; margin: 0 0 8px; } h2 { font-size: 18px; margin: 0 0 12px; }
  .muted { color: #697386; } .amount { font-size: 36px; font-weight: 700; margin: 4px 0; } .amount span { font-size: 15px; font-weight: 400; color: #697386; }
  label { display: block; font-size: 14px; font-weight: 500; color: #3c4257; margin: 14px 0 6px; }
  input, select { width: 100%; font-size: 16px; padding: 10px 12px; border: 1px solid #cfd7df; border-radius: 6px; background: #fff; color: #1a1f36; }
  input:focus, select:focus, button:focus-visible, a:focus-visible { outline: 3px solid #0570de; outline-offset: 1px; }
  input[aria-invalid=true] { border-color: #df1b41; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .field-error { color: #df1b41; font-size: 13px; margin: 4px 0 0; }
  /* darker than the field errors' red: on this tint #df1b41 falls just short of WCAG AA contrast */
  .alert { color: #cd1a3e; background: #fff5f6; border: 1px solid #f8c5cf; border-radius: 6px; padding: 10px 12px; margin: 0 0 12px; }
  .notice { color: #0e6245; background: #efffed; border: 1px solid #b3e5b8; border-radius: 6px; padding: 10px 12px; margin: 0 0 16px; }
  button { font-size: 16px; font-weight: 600; border: 0; border-radius: 6px; padding: 11px 18px; cursor: pointer; background: #0570de; color: #fff; }
  button.wide { width: 100%; margin-top: 20px; }
  button.secondary { background: #fff; color: #1a1f36; border: 1px solid #cfd7df; }
  button.danger { background: #fff; color: #df1b41; border: 1px solid #df1b41; }
  form.inline { display: inline-block; margin: 8px 8px 0 0; }
  a { color: #0570de; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; } th, td { text-align: left; padding: 8px 6px; border-bottom: 1px solid #e3e8ee; }
  .hint { font-size: 13px; color: #697386; margin-top: 16px; }
  code { font-size: 13px; }
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><span class="brand">Postwright</span><span class="badge">Test mode</span><span class="muted">Billing sandbox: no real payment is made</span></header>
<main>${body}</main></body></html>`;
}

/** A page that says one thing (a finished or unknown session). */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return layout(title, html`<div class="card"><h1>${title}</h1><p>${message}</p>${link ? raw(html`<p><a href="${link.href}">${link.text}</a></p>`) : ''}</div>`);
}
