import { newId, realNow } from './ids';
import { end, renew, retry } from './lifecycle';
import type { SandboxState, TestClock } from './state';
import type { Timers } from './timers';

/** How long a clock shows `advancing` before its objects are processed, as Stripe takes a moment. */
const ADVANCE_DELAY_MS = 5;
const MAX_STEPS = 100_000;

export function createClock(state: SandboxState, frozenTime: number, name: string | null): TestClock {
  const clock: TestClock = { id: newId.testClock(), name, created: realNow(), frozenTime, processedTo: frozenTime, status: 'ready', seq: state.seq() };
  state.clocks.set(clock.id, clock);
  return clock;
}

interface Happening {
  at: number;
  /** retries before renewals at the same second: a paid retry lets the renewal go ahead */
  order: number;
  run: () => void;
}

/** The earliest thing due on the clock's customers up to `upTo`: a period end or a payment retry. */
function nextHappening(state: SandboxState, clock: TestClock, upTo: number): Happening | null {
  let next: Happening | null = null;
  const consider = (h: Happening) => {
    if (h.at <= upTo && (!next || h.at < next.at || (h.at === next.at && h.order < next.order))) next = h;
  };
  for (const customer of state.customersOn(clock.id)) {
    for (const sub of state.subscriptionsOf(customer.id)) {
      if (sub.status === 'canceled') continue;
      consider({ at: sub.item.periodEnd, order: 1, run: () => (sub.cancelAtPeriodEnd ? end(state, sub, 'cancellation_requested') : renew(state, sub)) });
    }
    for (const invoice of state.invoicesOf(customer.id)) {
      if (invoice.status === 'open' && invoice.nextPaymentAttempt !== null) consider({ at: invoice.nextPaymentAttempt, order: 0, run: () => retry(state, invoice) });
    }
  }
  return next;
}

/**
 * Moves a clock to `to`: it shows `advancing` at once, then everything due on its customers
 * happens in time order (each at its own time), and it shows `ready`.
 */
export function advanceClock(state: SandboxState, clock: TestClock, to: number, timers: Timers): void {
  clock.frozenTime = to;
  clock.status = 'advancing';
  timers.later(() => {
    if (!state.clocks.has(clock.id)) return;
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const next = nextHappening(state, clock, clock.frozenTime);
      if (!next) break;
      clock.processedTo = next.at;
      next.run();
    }
    clock.processedTo = clock.frozenTime;
    clock.status = 'ready';
  }, ADVANCE_DELAY_MS);
}
