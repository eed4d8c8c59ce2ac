import type { Router } from 'express';
import { createCustomer } from '../customer-actions';
import { expand, page } from '../expand';
import { renderCustomer } from '../render';
import type { Customer } from '../state';
import type { ApiDeps } from './deps';
import { stripeErrors } from './errors';
import { listParams, mergeMetadata, parseParams, type ParamSpec } from './params';

const customerFields: ParamSpec = { email: 'string', name: 'string', description: 'string', phone: 'string', metadata: 'metadata', expand: 'strings' };

export function customerRoutes(router: Router, { state, config }: ApiDeps): void {
  const find = (id: string): Customer => {
    const customer = state.customers.get(id);
    if (!customer) throw stripeErrors.noSuch('customer', id, 'id');
    return customer;
  };

  router.post('/customers', (req, res) => {
    const p = parseParams(req.body, { ...customerFields, test_clock: 'string' });
    if (p.test_clock !== undefined && !state.clocks.has(p.test_clock)) throw stripeErrors.noSuch('test_helpers.test_clock', p.test_clock, 'test_clock', 400);
    const customer = createCustomer(state, { email: p.email, name: p.name, description: p.description, phone: p.phone, metadata: p.metadata ?? {}, testClock: p.test_clock }, config.SANDBOX_CUSTOMER_TEST_CLOCKS);
    res.json(expand(state, renderCustomer(state, customer), p.expand));
  });

  router.get('/customers', (req, res) => {
    const p = parseParams(req.query, { ...listParams, email: 'string', test_clock: 'string' });
    const customers = [...state.customers.values()].filter(
      (c) => (p.email === undefined || c.email === p.email) && (p.test_clock === undefined || c.testClock === p.test_clock),
    );
    const { records, list } = page(customers, '/v1/customers', p, 'customer');
    res.json(expand(state, list(records.map((c) => renderCustomer(state, c))), p.expand));
  });

  router.get('/customers/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    res.json(expand(state, renderCustomer(state, find(req.params.id)), p.expand));
  });

  router.post('/customers/:id', (req, res) => {
    const p = parseParams(req.body, { ...customerFields, invoice_settings: { object: { default_payment_method: 'string' } } });
    const customer = find(req.params.id);
    const pmId: string | undefined = p.invoice_settings?.default_payment_method;
    if (pmId) {
      const param = 'invoice_settings[default_payment_method]';
      const pm = state.paymentMethods.get(pmId);
      if (!pm) throw stripeErrors.noSuch('PaymentMethod', pmId, param, 400);
      if (pm.customer !== customer.id) {
        throw stripeErrors.invalidRequest(`The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, param);
      }
    }
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      if (p[field] !== undefined) customer[field] = p[field] === '' ? null : p[field];
    }
    customer.metadata = mergeMetadata(customer.metadata, p.metadata);
    if (pmId !== undefined) customer.defaultPaymentMethod = pmId || null;
    res.json(expand(state, renderCustomer(state, customer), p.expand));
  });
}
