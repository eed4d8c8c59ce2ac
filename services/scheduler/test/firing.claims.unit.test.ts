import { createLogger } from '@postwright/platform';
import { firingUseCases } from '../src/modules/firing/firing.use-case';
import type { ContentPort, EventsPort, FiringSchedule, Schedule, ScheduleRepository, TimerPort } from '../src/modules/schedule/schedule.types';
import { T0, written } from './support/schedules';

/**
 * The claim check (every interval, beside the whole pass): it reads the claims under way alone, so
 * a replica that died holding claims it had not emitted is taken over within seconds even while
 * the whole pass is slow (no database: the store answers from memory, and fails the test if the
 * check reads anything else).
 */
describe('the claim check', () => {
  const SETTINGS = { retryBaseMs: 1_000, retryWindowMs: 60_000, instanceTtlMs: 4_000, reemitAfterMs: 120_000, reconcileIntervalMs: 2_000 };

  function setUp(claims: Schedule[], options: { live: string[] }) {
    const published: unknown[] = [];
    const takenOver: string[] = [];
    const store: Partial<ScheduleRepository> = {
      claimed: async () => claims,
      liveInstances: async () => new Set(options.live),
      takeOver: async (contentId, requestId, from, to) => {
        const claim = claims.find((c) => c.contentId === contentId && c.status === 'firing' && c.requestId === requestId && c.claimedBy === from);
        if (!claim) return null;
        takenOver.push(contentId);
        return { ...claim, claimedBy: to } as FiringSchedule;
      },
      markEmitted: async () => undefined,
    };
    // anything else the check touched would be a read of the whole collection, or a write it must not make
    const repo = new Proxy(store, {
      get: (target, name) => target[name as keyof ScheduleRepository] ?? (() => Promise.reject(new Error(`the claim check called repo.${String(name)}`))),
    }) as ScheduleRepository;
    const events: EventsPort = { publish: async (_type, payload) => void published.push(payload) };
    const unused = () => Promise.reject(new Error('not expected'));
    const content: ContentPort = { get: unused, transition: unused, report: unused };
    const timer: TimerPort = { arm: unused, isIntact: unused, markIntact: unused };
    const firing = firingUseCases({
      repo,
      content,
      events,
      timer,
      logger: createLogger('scheduler-test', 'silent'),
      instanceId: 'replica-b',
      settings: SETTINGS,
      now: () => new Date(T0.getTime() + 5_000),
    });
    return { firing, published, takenOver };
  }

  test('when a replica died holding a claim it had not emitted, then the check takes it over and emits its request with the same id', async () => {
    const { firing, published, takenOver } = setUp([written.firing()], { live: ['replica-b'] });
    await firing.reconcileClaims();
    expect(takenOver).toEqual(['c1']);
    expect(published).toEqual([expect.objectContaining({ requestId: 'r1', contentId: 'c1', userId: 'u1', text: 'Work samples beat whiteboards.' })]);
  });

  test('when the claimant is alive, or its request reached the broker, or the claim is this replica\'s, then the check leaves it alone', async () => {
    const claims = [written.firing({ contentId: 'live' }), written.firing({ contentId: 'emitted', claimedBy: 'replica-c', emittedAt: T0 }), written.firing({ contentId: 'own', claimedBy: 'replica-b' })];
    const { firing, published, takenOver } = setUp(claims, { live: ['replica-a', 'replica-b'] });
    await firing.reconcileClaims();
    expect(takenOver).toEqual([]);
    expect(published).toEqual([]);
  });
});
