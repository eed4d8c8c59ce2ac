import { act, screen, waitFor, within } from '@testing-library/react';
import { formatPrice, plans, withBillingPlans, yearlySavings } from '../src/config/plans';
import { buildPlans } from './support/billing';
import { fakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';

/** An IntersectionObserver the test drives: `reveal()` says the watched element came near the viewport. */
function controllableObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
  class FakeObserver {
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FakeObserver });
  return {
    observers,
    reveal: () => observers.forEach(({ callback }) => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)),
    remove: () => delete (window as { IntersectionObserver?: unknown }).IntersectionObserver,
  };
}

describe('landing page: prices as sold', () => {
  it('when the pricing section comes near, then /api/billing/plans is asked (no token) and its prices replace the spec\'s, which painted first', async () => {
    const io = controllableObserver();
    try {
      const api = fakeApi({ 'GET /api/billing/plans': () => ({ body: buildPlans({ professional: { prices: { month: 8_900, year: 89_000 } } }) }) });
      renderApp('/');
      await screen.findByRole('heading', { level: 1, name: /Turn your expertise/ });

      // the first paint: the spec's figures, and no API call at all
      expect(screen.getByTestId('price-professional')).toHaveTextContent('$79');
      expect(api.calls).toHaveLength(0);
      expect(io.observers[0].options?.rootMargin).toBe('600px');

      await act(async () => io.reveal());

      await waitFor(() => expect(screen.getByTestId('price-professional')).toHaveTextContent('$89'));
      expect(api.callsTo('GET', '/api/billing/plans')).toHaveLength(1);
      expect(api.callsTo('GET', '/api/billing/plans')[0].authorization).toBeNull();
      expect(within(screen.getByRole('listitem', { name: 'Starter plan' })).getByText('50 posts per month')).toBeInTheDocument();
      // still offered to a visitor
      expect(screen.getByText('30-day free trial: 3 posts, no credit card')).toBeInTheDocument();
    } finally {
      io.remove();
    }
  });

  it('when /api/billing/plans fails, then the spec\'s prices stay', async () => {
    const api = fakeApi({ 'GET /api/billing/plans': () => ({ status: 502, text: '<html>Bad gateway</html>' }) });
    renderApp('/');
    await waitFor(() => expect(api.callsTo('GET', '/api/billing/plans')).toHaveLength(1));
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$29');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent('$299');
  });

  it('when an entry of the answer is malformed, then that plan keeps the spec\'s figures and the others take the service\'s', async () => {
    const answer = buildPlans({ professional: { prices: { month: 8_900, year: 89_000 } } });
    (answer.plans[0] as { prices: unknown }).prices = { month: 'free' };
    const api = fakeApi({ 'GET /api/billing/plans': () => ({ body: answer }) });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('price-professional')).toHaveTextContent('$89'));
    expect(screen.getByTestId('price-starter')).toHaveTextContent('$29');
    expect(api.callsTo('GET', '/api/billing/plans')).toHaveLength(1);
  });
});

describe('plans data (config/plans)', () => {
  it('when the service lists a plan this version cannot read, or leaves one out, then that plan keeps the spec\'s figures', () => {
    const merged = withBillingPlans(plans, buildPlans().plans.filter((p) => p.id !== 'enterprise'));
    expect(merged.map((p) => [p.id, p.monthly, p.yearly, p.posts])).toEqual([
      ['starter', 29, 290, '50 posts per month'],
      ['professional', 79, 790, 'Unlimited posts'],
      ['enterprise', 299, 2990, 'Unlimited posts'],
    ]);
  });

  it('money is written as the spec writes it, and the yearly saving is worked out from the prices', () => {
    expect(formatPrice(2990)).toBe('$2,990');
    expect(formatPrice(29)).toBe('$29');
    expect(formatPrice(29.5)).toBe('$29.50');
    expect(formatPrice(35, 'eur')).toBe('€35');
    expect(yearlySavings(plans)).toBe(17);
    expect(yearlySavings(withBillingPlans(plans, buildPlans({ starter: { prices: { month: 2_900, year: 34_800 } } }).plans))).toBe(0);
  });
});
