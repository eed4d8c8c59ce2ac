import type { Router } from 'express';
import { expand, page } from '../expand';
import { renderPrice, renderProduct } from '../render';
import type { ApiDeps } from './deps';
import { stripeErrors } from './errors';
import { listParams, parseParams } from './params';

/** The catalogue: prices (found by lookup key, as the billing service finds its plans) and products. */
export function priceRoutes(router: Router, { state }: ApiDeps): void {
  router.get('/prices', (req, res) => {
    const p = parseParams(req.query, {
      ...listParams,
      active: 'boolean',
      currency: 'string',
      lookup_keys: 'strings',
      product: 'string',
      type: { enum: ['one_time', 'recurring'] },
    });
    const prices = [...state.prices.values()].filter(
      (price) =>
        (p.active === undefined || price.active === p.active) &&
        (p.currency === undefined || p.currency === 'usd') &&
        (p.lookup_keys === undefined || (price.lookupKey !== null && p.lookup_keys.includes(price.lookupKey))) &&
        (p.product === undefined || price.product === p.product) &&
        (p.type === undefined || p.type === 'recurring'),
    );
    const { records, list } = page(prices, '/v1/prices', p, 'price');
    res.json(expand(state, list(records.map(renderPrice)), p.expand));
  });

  router.get('/prices/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    const price = state.prices.get(req.params.id);
    if (!price) throw stripeErrors.noSuch('price', req.params.id, 'id');
    res.json(expand(state, renderPrice(price), p.expand));
  });

  router.get('/products/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    const product = state.products.get(req.params.id);
    if (!product) throw stripeErrors.noSuch('product', req.params.id, 'id');
    res.json(expand(state, renderProduct(product), p.expand));
  });
}
