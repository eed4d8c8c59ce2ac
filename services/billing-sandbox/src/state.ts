import { billingIntervals, PLAN_CATALOGUE, planIds, priceLookupKey, SPEC_PRICES_CENTS } from '@postwright/contracts';
import { newId, realNow } from './ids';
import type {
  CheckoutSession,
  Customer,
  Fault,
  Invoice,
  PaymentMethod,
  PortalSession,
  Price,
  Product,
  RequestRecord,
  StoredEvent,
  StripeMockRefusal,
  Subscription,
  TestClock,
} from './state.types';

export * from './state.types';

const MAX_LOG = 20_000;

/**
 * Everything the sandbox knows, in memory: it is a test double, restarting it forgets all.
 * Time is Unix seconds; an object on a test clock lives at that clock's time.
 */
export class SandboxState {
  products = new Map<string, Product>();
  prices = new Map<string, Price>();
  customers = new Map<string, Customer>();
  clocks = new Map<string, TestClock>();
  paymentMethods = new Map<string, PaymentMethod>();
  subscriptions = new Map<string, Subscription>();
  invoices = new Map<string, Invoice>();
  checkoutSessions = new Map<string, CheckoutSession>();
  portalSessions = new Map<string, PortalSession>();
  events: StoredEvent[] = [];
  requests: RequestRecord[] = [];
  refusals: StripeMockRefusal[] = [];
  faults: Fault[] = [];
  /** the one portal configuration every session uses, as an account's default one */
  readonly portalConfiguration = newId.portalConfiguration();
  /** called with each event as it is made (the webhook dispatcher) */
  onEvent: (event: StoredEvent) => void = () => undefined;
  private seqCounter = 0;
  private faultCounter = 0;

  constructor() {
    this.seedCatalogue();
  }

  /** A number that grows with every object made: lists are newest first, and many objects share a second. */
  seq(): number {
    this.seqCounter += 1;
    return this.seqCounter;
  }

  /** The time of a customer: its test clock's when it has one, else the real one. */
  now(customerId?: string | null): number {
    const clockId = customerId ? this.customers.get(customerId)?.testClock : null;
    const clock = clockId ? this.clocks.get(clockId) : undefined;
    return clock ? clock.processedTo : realNow();
  }

  /** Forgets every customer and what hangs on it; the catalogue stays. */
  reset(): void {
    for (const map of [this.customers, this.clocks, this.paymentMethods, this.subscriptions, this.invoices, this.checkoutSessions, this.portalSessions]) map.clear();
    this.events = [];
    this.requests = [];
    this.refusals = [];
    this.faults = [];
  }

  record(request: RequestRecord): void {
    this.requests.push(request);
    if (this.requests.length > MAX_LOG) this.requests.splice(0, this.requests.length - MAX_LOG);
  }

  addFault(input: Omit<Fault, 'id'>): Fault {
    this.faultCounter += 1;
    const fault = { ...input, id: this.faultCounter };
    this.faults.push(fault);
    return fault;
  }

  /** The fault that applies to this path, counted down. */
  takeFault(path: string): Fault | null {
    const fault = this.faults.find((f) => f.times > 0 && path.startsWith(f.path));
    if (!fault) return null;
    fault.times -= 1;
    if (fault.times <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  priceByLookupKey(key: string): Price | undefined {
    return [...this.prices.values()].find((p) => p.active && p.lookupKey === key);
  }

  /** The customers living on a clock. */
  customersOn(clockId: string): Customer[] {
    return [...this.customers.values()].filter((c) => c.testClock === clockId);
  }

  subscriptionsOf(customerId: string): Subscription[] {
    return [...this.subscriptions.values()].filter((s) => s.customer === customerId);
  }

  invoicesOf(customerId: string): Invoice[] {
    return [...this.invoices.values()].filter((i) => i.customer === customerId);
  }

  /** Forgets a clock and everything on it, as deleting a test clock does at Stripe. */
  deleteClock(clockId: string): void {
    for (const customer of this.customersOn(clockId)) {
      for (const sub of this.subscriptionsOf(customer.id)) this.subscriptions.delete(sub.id);
      for (const invoice of this.invoicesOf(customer.id)) this.invoices.delete(invoice.id);
      for (const pm of this.paymentMethods.values()) if (pm.customer === customer.id) this.paymentMethods.delete(pm.id);
      this.customers.delete(customer.id);
    }
    this.clocks.delete(clockId);
  }

  /** Starter, Professional and Enterprise, each with a monthly and a yearly price found by lookup key. */
  private seedCatalogue(): void {
    const created = realNow();
    for (const plan of planIds) {
      const product: Product = { id: newId.product(), name: PLAN_CATALOGUE[plan].name, created, defaultPrice: null, seq: this.seq() };
      this.products.set(product.id, product);
      for (const interval of billingIntervals) {
        const price: Price = {
          id: newId.price(),
          product: product.id,
          lookupKey: priceLookupKey(plan, interval),
          unitAmount: SPEC_PRICES_CENTS[plan][interval],
          interval,
          active: true,
          created,
          seq: this.seq(),
        };
        this.prices.set(price.id, price);
        product.defaultPrice ??= price.id;
      }
    }
  }
}
