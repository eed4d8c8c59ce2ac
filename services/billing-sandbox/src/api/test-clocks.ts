import type { Router } from 'express';
import { advanceClock, createClock } from '../clock';
import { expand, page } from '../expand';
import { renderClock } from '../render';
import type { TestClock } from '../state';
import type { ApiDeps } from './deps';
import { stripeErrors } from './errors';
import { listParams, parseParams } from './params';

/** Stripe's test clocks: a customer on one lives at its time, and advancing it runs what falls due. */
export function testClockRoutes(router: Router, { state, timers }: ApiDeps): void {
  const find = (id: string): TestClock => {
    const clock = state.clocks.get(id);
    if (!clock) throw stripeErrors.noSuch('test_helpers.test_clock', id, 'id');
    return clock;
  };

  router.post('/test_helpers/test_clocks', (req, res) => {
    const p = parseParams(req.body, { frozen_time: 'integer', name: 'string', expand: 'strings' }, ['frozen_time']);
    res.json(expand(state, renderClock(createClock(state, p.frozen_time, p.name ?? null)), p.expand));
  });

  router.get('/test_helpers/test_clocks', (req, res) => {
    const { records, list } = page([...state.clocks.values()], '/v1/test_helpers/test_clocks', parseParams(req.query, listParams), 'test_helpers.test_clock');
    res.json(list(records.map(renderClock)));
  });

  router.get('/test_helpers/test_clocks/:id', (req, res) => {
    const p = parseParams(req.query, { expand: 'strings' });
    res.json(expand(state, renderClock(find(req.params.id)), p.expand));
  });

  router.post('/test_helpers/test_clocks/:id/advance', (req, res) => {
    const p = parseParams(req.body, { frozen_time: 'integer', expand: 'strings' }, ['frozen_time']);
    const clock = find(req.params.id);
    if (clock.status === 'advancing') throw stripeErrors.invalidRequest('The test clock is currently advancing; wait until its status is ready.');
    if (p.frozen_time <= clock.frozenTime) {
      throw stripeErrors.invalidRequest(`The frozen_time must be after the test clock's current frozen_time (${clock.frozenTime}).`, 'frozen_time');
    }
    advanceClock(state, clock, p.frozen_time, timers);
    res.json(expand(state, renderClock(clock), p.expand));
  });

  router.delete('/test_helpers/test_clocks/:id', (req, res) => {
    parseParams(req.query, {});
    const clock = find(req.params.id);
    state.deleteClock(clock.id);
    res.json({ id: clock.id, object: 'test_helpers.test_clock', deleted: true });
  });
}
