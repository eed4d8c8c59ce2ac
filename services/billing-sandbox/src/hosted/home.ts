import express, { type Router } from 'express';
import type { ApiDeps } from '../api/deps';
import { advanceClock } from '../clock';
import type { SandboxState, StoredEvent, Subscription } from '../state';
import { day, html, layout, raw } from './layout';

const RECENT_EVENTS = 30;

function deliveryText(event: StoredEvent): string {
  const last = event.deliveries[event.deliveries.length - 1];
  if (event.delivered) return `delivered (${event.deliveries.filter((d) => d.status !== null && d.status < 300).length > 1 ? 'twice' : `HTTP ${last?.status}`})`;
  if (!last) return 'waiting';
  const outcome = last.status === null ? (last.error ?? 'no answer') : `HTTP ${last.status}`;
  return `${event.settled ? 'gave up' : 'retrying'} after ${event.deliveries.length} attempt${event.deliveries.length > 1 ? 's' : ''} (${outcome})`;
}

function subscriptionCell(state: SandboxState, sub: Subscription): string {
  const price = state.prices.get(sub.item.price)!;
  const product = state.products.get(price.product)!;
  const when = sub.status === 'canceled' ? `ended ${day(sub.endedAt ?? sub.item.periodEnd)}` : `${sub.cancelAtPeriodEnd ? 'cancels' : 'renews'} ${day(sub.item.periodEnd)}`;
  const button =
    sub.status !== 'canceled' && sub.testClock
      ? html`<form class="inline" method="post" action="/home/advance-renewal"><input type="hidden" name="subscription" value="${sub.id}"><button class="secondary" type="submit">Advance to next renewal</button></form>`
      : '';
  return html`<div><strong>${product.name}</strong> ${price.interval}ly: ${sub.status}, ${when} <code>${sub.id}</code> ${raw(button)}</div>`;
}

function homePage(state: SandboxState, webhookUrl: string): string {
  const customers = [...state.customers.values()].sort((a, b) => b.seq - a.seq);
  const rows = customers
    .map((c) => {
      const clock = c.testClock ? state.clocks.get(c.testClock) : undefined;
      const subs = state.subscriptionsOf(c.id).sort((a, b) => b.seq - a.seq);
      return html`<tr><td>${c.email ?? c.name ?? '(no email)'}<br><code>${c.id}</code></td><td>${clock ? `${day(clock.frozenTime)} (${clock.status})` : 'real time'}</td><td>${raw(subs.map((s) => subscriptionCell(state, s)).join('') || 'none')}</td></tr>`;
    })
    .join('');
  const events = state.events
    .slice(-RECENT_EVENTS)
    .reverse()
    .map((e) => html`<tr><td>${new Date(e.created * 1000).toISOString().replace('.000Z', 'Z')}</td><td><code>${e.type}</code></td><td>${deliveryText(e)}</td></tr>`)
    .join('');
  return layout(
    'Billing sandbox',
    html`<h1>Billing sandbox</h1><p class="muted">A local double of the part of Stripe's API Postwright uses. Webhooks go to <code>${webhookUrl}</code>.</p>
<section class="card" aria-labelledby="cus-h"><h2 id="cus-h">Customers</h2>${raw(
      rows ? html`<table><thead><tr><th scope="col">Customer</th><th scope="col">Test clock</th><th scope="col">Subscriptions</th></tr></thead><tbody>${raw(rows)}</tbody></table>` : '<p>No customers yet.</p>',
    )}</section>
<section class="card" aria-labelledby="ev-h"><h2 id="ev-h">Recent events</h2>${raw(
      events ? html`<table><thead><tr><th scope="col">Time</th><th scope="col">Type</th><th scope="col">Delivery</th></tr></thead><tbody>${raw(events)}</tbody></table>` : '<p>No events yet.</p>',
    )}</section>`,
  );
}

/** A page for a person running `npm start`: who subscribed, their clocks, and what was sent. */
export function homeRoutes(router: Router, { state, timers }: ApiDeps, webhookUrl: () => string): void {
  router.get('/', (_req, res) => void res.type('html').send(homePage(state, webhookUrl())));

  // advances the subscription's clock to just past the end of its period, so it renews (or ends)
  router.post('/home/advance-renewal', express.urlencoded({ extended: false, limit: '2kb' }), (req, res) => {
    const sub = state.subscriptions.get(String((req.body ?? {}).subscription ?? ''));
    const clock = sub?.testClock ? state.clocks.get(sub.testClock) : undefined;
    if (sub && clock && clock.status === 'ready' && sub.status !== 'canceled' && sub.item.periodEnd + 1 > clock.frozenTime) {
      advanceClock(state, clock, sub.item.periodEnd + 1, timers);
    }
    res.redirect(303, '/');
  });
}
